import {
  type NotificationChannel,
  type NotificationKind,
  notificationDefaults,
  notificationKinds,
  notificationKindsOf,
} from '@okuu/contracts/notifications/kinds';
import type { NotificationSettingsData } from '@okuu/contracts/notifications/settings';
import type { SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import type { Change, ChangeEvent, Changes, Topic } from '../../lib/changes.ts';
import { JsonReply } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import { type NotificationsRepository, recipients, type SettingRow } from './notifications.repository.ts';

/** The reader of the change path that makes the notifications, and the topics it reads. */
export const notificationsReader = 'notifications';
export const notificationTopics: readonly Topic[] = [
  'orders',
  'payments',
  'grades',
  'news',
  'schedule',
  'imports',
  'registration',
];

/** The `notifications` announcement: a person's unread count changed, or an event's people's. */
export const unreadOf = (userId: number) => `u:${userId}`;
const notifiedBy = (eventId: number) => `e:${eventId}`;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const nums = (v: unknown) => (Array.isArray(v) ? v.map(num).filter((n): n is number => n !== null) : []);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** What a recorded change notifies: its kind, the params its text and link are made of, and who (null: nothing). */
export function notificationOf(e: ChangeEvent): { kind: NotificationKind; params: object; who: SQL } | null {
  const p = (e.payload ?? {}) as Record<string, unknown>;
  switch (e.topic) {
    case 'orders': {
      // An order waiting too long (the periodic job's): the staff who handle orders.
      if (p.event === 'waiting') {
        const orderId = num(p.orderId);
        if (orderId === null) return null;
        return { kind: 'orderWaiting', params: { orderId, hours: num(p.hours) }, who: recipients.staff() };
      }
      const studentId = num(p.studentId);
      if (studentId === null) return null;
      return {
        kind: 'order',
        params: { orderId: num(p.orderId), status: str(p.status) },
        who: recipients.person(studentId),
      };
    }
    case 'payments': {
      const studentId = num(p.studentId);
      if (studentId === null) return null;
      return {
        kind: 'payment',
        params: { paymentId: num(p.paymentId), status: str(p.status) },
        who: recipients.person(studentId),
      };
    }
    case 'grades': {
      const students = nums(p.students);
      if (!students.length) return null;
      return {
        kind: 'grade',
        params: { event: str(p.event), sheetId: num(p.sheetId) },
        who: recipients.people(students),
      };
    }
    case 'news': {
      const authorId = num(p.authorId);
      const audience = str(p.audience);
      if (authorId === null || !audience) return null;
      return {
        kind: 'news',
        params: { newsId: num(p.newsId) },
        who: recipients.newsReaders({ authorId, audience, facultyIds: nums(p.facultyIds) }),
      };
    }
    case 'schedule': {
      const groupIds = nums(p.groupIds);
      const teacherIds = nums(p.teacherIds);
      if (!groupIds.length && !teacherIds.length) return null;
      return {
        kind: 'timetable',
        params: { added: num(p.added) ?? 0, changed: num(p.changed) ?? 0 },
        who: recipients.groupsAndTeachers(groupIds, teacherIds),
      };
    }
    case 'imports': {
      const actorId = num(p.actorId);
      if (actorId === null) return null;
      return {
        kind: 'import',
        params: { importKind: str(p.importKind), state: str(p.state) },
        who: recipients.person(actorId),
      };
    }
    case 'registration': {
      const year = num(p.year);
      const ws = num(p.ws);
      const event = str(p.event);
      if (year === null || ws === null || (event !== 'opened' && event !== 'closing')) return null;
      return {
        kind: 'registration',
        params: { event, year, ws, closesAt: str(p.closesAt) },
        who: recipients.unregistered(year, ws),
      };
    }
    default:
      return null;
  }
}

const notFound = () => new AppError('not_found', 'There is no such notification.');

export function createNotificationsService(deps: { repo: NotificationsRepository; changes: Changes }) {
  const { repo, changes } = deps;
  // Each person's unread count as the bell asks it (every page polls it while the socket is down), kept with its
  // encoded reply; the `notifications` announcements drop it: one person's ('u:'), or every one (an event's, 'e:').
  const counts = createChangeCache<JsonReply<{ unread: number }>>({ ttlMs: 60_000, maxEntries: 50_000 });

  function settingsOf(user: AuthUser, rows: SettingRow[]): NotificationSettingsData {
    const chosen = (kind: NotificationKind, channel: NotificationChannel) => {
      const byDefault = notificationDefaults[kind][channel];
      if (byDefault === null) return null;
      return rows.find((r) => r.kind === kind && r.channel === channel)?.enabled ?? byDefault;
    };
    const kinds = notificationKindsOf[user.role as 1 | 2 | 3] ?? [];
    return {
      muted: rows.some((r) => r.kind === '*' && !r.enabled),
      kinds: kinds.map((kind) => ({ kind, app: chosen(kind, 'app'), push: chosen(kind, 'push') })),
    };
  }

  return {
    /**
     * The reader of the change path: each recorded change's notifications, made set-based in the reader's
     * transaction (so they commit with its place, once); the people notified hear their new count.
     */
    async deliver(events: ChangeEvent[], change: Change): Promise<void> {
      for (const e of events) {
        const n = notificationOf(e);
        if (!n) continue;
        const made = await repo.fanOut(change.tx, { eventId: e.id, at: e.at, ...n });
        if (made > 0) change.announce('notifications', notifiedBy(e.id));
      }
    },

    count: (user: AuthUser): Promise<JsonReply<{ unread: number }>> =>
      counts.get(String(user.id), async () => new JsonReply({ unread: await repo.unread(user.id) })),

    /** Drops the kept counts an announcement of topic `notifications` concerns (null, after a gap: every one). */
    forgetCounts(payload: string | null) {
      const person = payload?.startsWith('u:') ? payload.slice(2) : null;
      if (person) counts.delete(person);
      else counts.clear();
    },

    async list(user: AuthUser, input: { before?: number; limit: number }) {
      const [rows, unread] = await Promise.all([
        repo.page(user.id, input.before, input.limit + 1),
        repo.unread(user.id),
      ]);
      const page = rows.slice(0, input.limit);
      return {
        items: page.map((r) => ({
          id: r.id,
          kind: (notificationKinds as readonly string[]).includes(r.kind) ? r.kind : ('news' as const),
          params: r.params ?? {},
          at: r.createdAt.toISOString(),
          read: r.read,
        })),
        next: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
        unread,
      };
    },

    async read(user: AuthUser, input: { id: number }) {
      if (!(await repo.exists(user.id, input.id))) throw notFound();
      await changes.transaction(async (tx, change) => {
        if ((await repo.markRead(tx, user.id, input.id)) > 0) change.announce('notifications', unreadOf(user.id));
      });
      return { unread: await repo.unread(user.id) };
    },

    async readAll(user: AuthUser) {
      await changes.transaction(async (tx, change) => {
        if ((await repo.markRead(tx, user.id, null)) > 0) change.announce('notifications', unreadOf(user.id));
      });
      return { unread: await repo.unread(user.id) };
    },

    async settings(user: AuthUser) {
      return settingsOf(user, await repo.settings(user.id));
    },

    async saveSettings(
      user: AuthUser,
      input: { muted: boolean; kinds: { kind: NotificationKind; app?: boolean | null; push?: boolean | null }[] },
    ) {
      const current = await repo.settings(user.id);
      const rows = new Map<string, SettingRow>();
      for (const r of current) if (r.kind !== '*') rows.set(`${r.kind}:${r.channel}`, r);
      const own = notificationKindsOf[user.role as 1 | 2 | 3] ?? [];
      for (const k of input.kinds) {
        if (!own.includes(k.kind)) continue;
        for (const channel of ['app', 'push'] as const) {
          const value = k[channel];
          if (typeof value !== 'boolean' || notificationDefaults[k.kind][channel] === null) continue;
          // Only choices that differ from the default are kept: a default changed later reaches everyone else.
          if (value === notificationDefaults[k.kind][channel]) rows.delete(`${k.kind}:${channel}`);
          else rows.set(`${k.kind}:${channel}`, { kind: k.kind, channel, enabled: value });
        }
      }
      const saved = [...rows.values(), ...(input.muted ? [{ kind: '*', channel: '*', enabled: false }] : [])];
      await changes.transaction(async (tx) => repo.saveSettings(tx, user.id, saved));
      return settingsOf(user, saved);
    },

    async subscribe(user: AuthUser, input: { endpoint: string; keys: { p256dh: string; auth: string }; lang: string }) {
      await changes.transaction((tx) =>
        repo.subscribe(tx, {
          personId: user.id,
          sessionId: user.sessionId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          lang: input.lang,
        }),
      );
      return { subscribed: true as const };
    },

    async unsubscribe(user: AuthUser, input: { endpoint: string }) {
      await changes.transaction((tx) => repo.unsubscribe(tx, user.id, input.endpoint));
      return { subscribed: false as const };
    },

    /** For /metrics: how long the oldest undelivered item (a change not yet read, a push not yet sent) has waited. */
    oldestUndeliveredSec: () => repo.oldestUndeliveredSec(notificationsReader, notificationTopics),

    /** The people an event notified (the live counts). */
    notifiedBy: (eventId: number) => repo.notifiedBy(eventId),
    unreadCounts: (ids: readonly number[]) => repo.unreadCounts(ids),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
