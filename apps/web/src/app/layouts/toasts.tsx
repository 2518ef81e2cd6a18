import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './toasts.module.css';

/** Spec section 9: toasts (top-right) close after 5 s. */
const TOAST_AUTO_CLOSE_MS = 5000;

/** Where the toasts show (lib/toast.ts): top-right, below the header, whose controls they would cover. */
export function Toasts() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} classNames={{ root: classes.toasts }} />;
}
