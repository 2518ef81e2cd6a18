import { notifications } from '@mantine/notifications';

/** A toast in the top-right corner; it closes after 5 s (see the Notifications container). Success by default. */
export function toast(message: string, type: 'success' | 'error' = 'success'): void {
  notifications.show({ message, color: type === 'success' ? 'green' : 'red' });
}
