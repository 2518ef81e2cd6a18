/**
 * What a notification is about. The web renders each kind's text from its params in the reader's language, and links
 * it to the screen it is about; a push carries the same text, rendered on the server in the device's language.
 * - order: a reference order moved by staff (params: orderId, status)
 * - payment: a payment confirmed, partly paid or failed (params: paymentId, status)
 * - timetable: lessons of one's group or teaching added or changed by an import (params: added, changed)
 * - news: a news item for one's audience (params: newsId)
 * - grade: a grading sheet of one's closed, reopened, or a retake or individual sheet issued (params: event, sheetId)
 * - import: staff: one's import finished or failed (params: importKind, state)
 * - chat: a chat message while none of one's devices has the chat open (push only)
 * - registration: a registration window of one's half-year opened, or closes within 24 hours, and one has not
 *   registered for every plan discipline (params: event 'opened' | 'closing', year, ws, closesAt)
 * - orderWaiting: staff: a reference order has waited in its first status longer than the portal's setting (params:
 *   orderId, hours)
 */
export const notificationKinds = [
  'order',
  'payment',
  'grade',
  'timetable',
  'news',
  'import',
  'chat',
  'registration',
  'orderWaiting',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['app', 'push'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** A kind's channels when the person has not chosen (null: the kind never uses the channel). */
export const notificationDefaults: Record<NotificationKind, Record<NotificationChannel, boolean | null>> = {
  order: { app: true, push: true },
  payment: { app: true, push: true },
  grade: { app: true, push: true },
  timetable: { app: true, push: true },
  news: { app: true, push: false },
  import: { app: true, push: true },
  chat: { app: null, push: true },
  registration: { app: true, push: true },
  orderWaiting: { app: true, push: false },
};

/** The kinds a role hears of (the settings list them). */
export const notificationKindsOf: Record<1 | 2 | 3, readonly NotificationKind[]> = {
  1: ['timetable', 'news', 'chat'],
  2: ['order', 'payment', 'grade', 'registration', 'timetable', 'news', 'chat'],
  3: ['orderWaiting', 'import', 'chat'],
};
