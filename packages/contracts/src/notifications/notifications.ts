import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { notificationKinds } from './kinds.ts';

/**
 * The caller's notifications (in the portal). Live: the chat socket (/api/chat/ws) sends
 * `{"type":"notifications","unread":n}` whenever the caller's unread count changes, on any instance; without the
 * socket, count.json is polled.
 */
export const notificationItem = z.object({
  id: z.number(),
  kind: z.enum(notificationKinds),
  /** What the kind's text and link are made of (ids, statuses, counts). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** When it happened (ISO 8601, UTC). */
  at: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsCount = defineEndpoint({
  id: 'notifications.count',
  method: 'POST',
  path: '/api/notifications/count.json',
  access: 'authenticated',
  summary: "How many of the caller's notifications are unread.",
  request: emptyRequest,
  response: z.object({ unread: z.number() }),
});

export const notificationsList = defineEndpoint({
  id: 'notifications.list',
  method: 'POST',
  path: '/api/notifications/list.json',
  access: 'authenticated',
  summary:
    "The caller's notifications, newest first: a page of `limit`, and the cursor (`before`) of the next page, or null after the last.",
  request: z.object({
    before: z.optional(z.number().check(z.int(), z.positive())),
    limit: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
  }),
  response: z.object({ items: z.array(notificationItem), next: z.nullable(z.number()), unread: z.number() }),
});

export const notificationsRead = defineEndpoint({
  id: 'notifications.read',
  method: 'POST',
  path: '/api/notifications/read.json',
  access: 'authenticated',
  summary: 'Marks one of the caller’s notifications read (on every device); answers the unread count.',
  request: z.object({ id: z.number().check(z.int(), z.positive()) }),
  response: z.object({ unread: z.number() }),
});

export const notificationsReadAll = defineEndpoint({
  id: 'notifications.readAll',
  method: 'POST',
  path: '/api/notifications/read-all.json',
  access: 'authenticated',
  summary: "Marks all the caller's notifications read; answers the unread count (0).",
  request: emptyRequest,
  response: z.object({ unread: z.number() }),
});
