import {
  notificationsCount,
  notificationsList,
  notificationsRead,
  notificationsReadAll,
} from '@okuu/contracts/notifications/notifications';
import {
  notificationsPushKey,
  notificationsPushSubscribe,
  notificationsPushUnsubscribe,
} from '@okuu/contracts/notifications/push';
import { notificationsSaveSettings, notificationsSettings } from '@okuu/contracts/notifications/settings';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createPushSender, loadVapidKeys, type VapidKeys } from './notifications.push.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

export function notificationsRoutes(service: NotificationsService, keys: () => Promise<VapidKeys>): Binding[] {
  return [
    bind(notificationsCount, async ({ user }) => service.count(user)),
    bind(notificationsList, async ({ input, user }) => service.list(user, input)),
    bind(notificationsRead, async ({ input, user }) => service.read(user, input)),
    bind(notificationsReadAll, async ({ user }) => service.readAll(user)),
    bind(notificationsSettings, async ({ user }) => service.settings(user)),
    bind(notificationsSaveSettings, async ({ input, user }) => service.saveSettings(user, input)),
    bind(notificationsPushKey, async () => ({ publicKey: (await keys()).publicKey })),
    bind(notificationsPushSubscribe, async ({ input, user }) => service.subscribe(user, input)),
    bind(notificationsPushUnsubscribe, async ({ input, user }) => service.unsubscribe(user, input)),
  ];
}

/**
 * Notifications: made from the change path by a reader (app.ts), listed, counted live, and pushed by a sender on
 * every instance. `liveSessions` (the auth module's) says which devices' sessions still live.
 */
export function notificationsModule(p: Platform, liveSessions: (ids: readonly number[]) => Promise<Set<number>>) {
  const service = createNotificationsService({ repo: createNotificationsRepository(p.db), changes: p.changes });
  let kept: Promise<VapidKeys> | undefined;
  const keys = () => {
    kept ??= loadVapidKeys(p.db).catch((err) => {
      kept = undefined;
      throw err;
    });
    return kept;
  };
  const sender = createPushSender({
    db: p.db,
    keys,
    // VAPID asks for a way to reach the sender: the portal's https address, or a mailto: one.
    subject: p.config.publicUrl.startsWith('https:') ? p.config.publicUrl : 'mailto:portal@okuu.invalid',
    liveSessions,
    onError: (err) => p.log.warn({ err }, 'push sending failed'),
  });
  return { service, sender, keys, routes: notificationsRoutes(service, keys) };
}
