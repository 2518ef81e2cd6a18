import { notifications } from '@mantine/notifications';
import i18n from 'i18next';

/** A toast in the top-right corner; it closes after 5 s (see the Notifications container). Success by default. */
export function toast(message: string, type: 'success' | 'error' = 'success'): void {
  notifications.show({
    message,
    color: type === 'success' ? 'green' : 'red',
    // Its close button is named, like every button (axe checks screens while a toast shows).
    closeButtonProps: { 'aria-label': i18n.t('nav.closeToast') },
  });
}
