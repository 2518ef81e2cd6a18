/** The notifications' query keys. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
};

/** How often the unread count is fetched while the realtime socket is down. */
export const NOTIFICATIONS_POLL_MS = 30_000;
