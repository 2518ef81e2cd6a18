import {
  notificationsPushKey,
  notificationsPushSubscribe,
  notificationsPushUnsubscribe,
} from '@okuu/contracts/notifications/push';
import { callApi } from './api';
import { currentLanguage } from './i18n';

/** Whether this browser can take pushes (a service worker, the Push API and notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this device has push on (for the caller: the server keeps the subscription while the session lives). */
export async function pushEnabled(): Promise<boolean> {
  return Notification.permission === 'granted' && (await currentSubscription()) !== null;
}

/**
 * Asks the browser for permission (only ever from a person's click) and subscribes this device. Answers false when
 * the person refused.
 */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) return false;
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await callApi(notificationsPushKey, {});
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  await callApi(notificationsPushSubscribe, {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    lang: currentLanguage(),
  });
  return true;
}

/** Turns push off on this device: the server forgets it, and the browser drops it. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await callApi(notificationsPushUnsubscribe, { endpoint: subscription.endpoint }).catch(() => {});
  await subscription.unsubscribe().catch(() => false);
}
