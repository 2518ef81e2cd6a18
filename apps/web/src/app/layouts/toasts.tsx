import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Spec section 9: toasts (top-right) close after 5 s. */
const TOAST_AUTO_CLOSE_MS = 5000;

/** Where the toasts show (lib/toast.ts); a toast raised before this has mounted shows when it does. */
export function Toasts() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
