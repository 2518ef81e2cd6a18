import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';

/**
 * Web Push (VAPID, RFC 8291 aes128gcm payloads). A push's payload is JSON `{ title, body, url, tag }`: the service
 * worker shows it and opens `url` (a portal path) on click.
 */
export const notificationsPushKey = defineEndpoint({
  id: 'notifications.pushKey',
  method: 'POST',
  path: '/api/notifications/push/key.json',
  access: 'authenticated',
  summary: "The portal's VAPID public key (base64url, uncompressed P-256 point), for PushManager.subscribe.",
  request: emptyRequest,
  response: z.object({ publicKey: z.string() }),
});

const base64url = (max: number) =>
  z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+=*$/, 'invalid_format'));

export const notificationsPushSubscribe = defineEndpoint({
  id: 'notifications.pushSubscribe',
  method: 'POST',
  path: '/api/notifications/push/subscribe.json',
  access: 'authenticated',
  summary:
    "Keeps this device's push subscription (PushSubscription.toJSON()) for the caller, with the language its pushes are written in. It ends at logout.",
  request: z.object({
    endpoint: z.string().check(z.maxLength(1000), z.regex(/^https?:\/\/[^\s]+$/, 'invalid_format')),
    keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
    lang: z._default(z.enum(['ru', 'kg', 'en']), 'ru'),
  }),
  response: z.object({ subscribed: z.literal(true) }),
});

export const notificationsPushUnsubscribe = defineEndpoint({
  id: 'notifications.pushUnsubscribe',
  method: 'POST',
  path: '/api/notifications/push/unsubscribe.json',
  access: 'authenticated',
  summary: "Forgets one of the caller's push subscriptions (by its endpoint).",
  request: z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(1000)) }),
  response: z.object({ subscribed: z.literal(false) }),
});
