import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { notificationKinds } from './kinds.ts';

/** One kind's channels: null where the kind does not use the channel. */
export const notificationKindSetting = z.object({
  kind: z.enum(notificationKinds),
  app: z.nullable(z.boolean()),
  push: z.nullable(z.boolean()),
});

export const notificationSettingsData = z.object({
  /** One switch that silences every kind on every channel. */
  muted: z.boolean(),
  /** The kinds the caller's role hears of, with the caller's choice or the default. */
  kinds: z.array(notificationKindSetting),
});
export type NotificationSettingsData = z.infer<typeof notificationSettingsData>;

export const notificationsSettings = defineEndpoint({
  id: 'notifications.settings',
  method: 'POST',
  path: '/api/notifications/settings.json',
  access: 'authenticated',
  summary: "The caller's notification settings: per kind and channel, and the switch that mutes everything.",
  request: emptyRequest,
  response: notificationSettingsData,
});

export const notificationsSaveSettings = defineEndpoint({
  id: 'notifications.saveSettings',
  method: 'POST',
  path: '/api/notifications/settings/save.json',
  access: 'authenticated',
  summary:
    'Saves the caller’s notification settings: `muted`, and the channels of the kinds given (a channel a kind does not use is ignored). Answers the settings as saved.',
  request: z.object({
    muted: z.boolean(),
    kinds: z
      .array(
        z.object({
          kind: z.enum(notificationKinds),
          app: z.optional(z.nullable(z.boolean())),
          push: z.optional(z.nullable(z.boolean())),
        }),
      )
      .check(z.maxLength(notificationKinds.length)),
  }),
  response: notificationSettingsData,
});
