import type { NotificationChannel, NotificationKind } from '@okuu/contracts/notifications/kinds';
import { notificationDefaults } from '@okuu/contracts/notifications/kinds';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** A notification as the list shows it. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  params: Record<string, string | number | null>;
  createdAt: Date;
  read: boolean;
}

export interface SettingRow {
  kind: string;
  channel: string;
  enabled: boolean;
}

export interface SubscriptionRow {
  id: number;
  personId: number;
  sessionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/**
 * Who is concerned by an event, as one SELECT of person ids (`id`), read from the people directory (users, profiles,
 * groups): the notifications' INSERT … SELECT takes it whole, however many people it names.
 */
export const recipients = {
  /** One person, unless blocked. */
  person: (id: number) => sql`select u.id from users u where u.id = ${id} and u.blocked_at is null`,

  /** Several people, unless blocked. */
  people: (ids: readonly number[]) =>
    sql`select u.id from users u where u.id = any(${`{${ids.join(',')}}`}::int[]) and u.blocked_at is null`,

  /** The readers of a news item, as the feed decides who sees it: its audience's roles, limited to its faculties. */
  newsReaders(item: { authorId: number; audience: string; facultyIds: readonly number[] }) {
    const roleList = item.audience === 'students' ? [2] : item.audience === 'teachers' ? [1] : [1, 2];
    const faculty = sql`coalesce(d.faculty_id, td.faculty_id)`;
    return sql`select u.id from users u
      left join student_profiles sp on sp.user_id = u.id
      left join groups g on g.id = sp.group_id
      left join specialities s on s.id = g.speciality_id
      left join departments d on d.id = s.department_id
      left join teacher_profiles tp on tp.user_id = u.id
      left join departments td on td.id = tp.department_id
      where u.blocked_at is null and u.id <> ${item.authorId} and u.role = any(${intArray(roleList)})
        ${item.facultyIds.length ? sql`and ${faculty} = any(${intArray(item.facultyIds)})` : sql``}`;
  },

  /** The staff (role 3: they handle the single window's orders), unless blocked. */
  staff: () => sql`select u.id from users u where u.role = 3 and u.blocked_at is null`,

  /**
   * The students who have not finished registering for a half-year, as the registration screen and home see it: they
   * study a semester in it (semester number (year - admission year) * 2 + half-year) and some plan discipline of
   * their curriculum for it has no registration of theirs for a lesson kind.
   */
  unregistered(year: number, ws: number) {
    return sql`select u.id from users u
      join student_profiles sp on sp.user_id = u.id
      join groups g on g.id = sp.group_id
      join semesters sem on ${ws} in (1, 2) and sem.number = (${year} - g.admission_year) * 2 + ${ws}
      where u.role = 2 and u.blocked_at is null and exists (
        select 1 from curriculum c
        where c.speciality_id = g.speciality_id and c.semester_id = sem.id and not c.is_elective
          and not exists (select 1 from registrations r where r.student_id = u.id and r.academic_year_id = ${year}
            and r.half_year_kind = ${ws} and r.discipline_id = c.discipline_id and r.lesson_kind_id is not null))`;
  },

  /** The students of these groups and these teachers. */
  groupsAndTeachers(groupIds: readonly number[], teacherIds: readonly number[]) {
    return sql`select u.id from users u where u.blocked_at is null and (
        u.id in (select sp.user_id from student_profiles sp where sp.group_id = any(${intArray(groupIds)}))
        or (u.role = 1 and u.id = any(${intArray(teacherIds)})))`;
  },
};

/** Whether a person (`r.id`) takes a kind on a channel: not muted, and the kind's channel on (by choice or default). */
function wanted(kind: NotificationKind, channel: NotificationChannel): SQL | null {
  const byDefault = notificationDefaults[kind][channel];
  if (byDefault === null) return null;
  const muted = sql`exists (select 1 from notification_settings m where m.person_id = r.id and m.kind = '*' and m.enabled = false)`;
  const chosen = (enabled: boolean) =>
    sql`exists (select 1 from notification_settings c where c.person_id = r.id and c.kind = ${kind}
      and c.channel = ${channel} and c.enabled = ${enabled})`;
  return byDefault ? sql`not ${muted} and not ${chosen(false)}` : sql`not ${muted} and ${chosen(true)}`;
}

export function createNotificationsRepository(db: Db) {
  return {
    /**
     * Makes one event's notifications, one INSERT … SELECT per channel, in the reader's transaction `tx`: a row per
     * person concerned who takes the kind on the channel (push: only those with a device subscribed). A row the key
     * (event, person, channel) already holds is left as it is. Answers how many in-app rows it made.
     */
    async fanOut(
      tx: Db,
      e: { eventId: number; kind: NotificationKind; params: object; at: Date; who: SQL },
    ): Promise<number> {
      let made = 0;
      for (const channel of ['app', 'push'] as const) {
        const condition = wanted(e.kind, channel);
        if (!condition) continue;
        const devices =
          channel === 'push' ? sql`and exists (select 1 from push_subscriptions ps where ps.person_id = r.id)` : sql``;
        const inserted = await rowsOf<{ n: number }>(
          tx,
          sql`with made as (
              insert into notifications (event_id, person_id, channel, kind, params, created_at)
              select ${e.eventId}, r.id, ${channel}, ${e.kind}, ${JSON.stringify(e.params)}::jsonb, ${e.at.toISOString()}::timestamptz
              from (${e.who}) r where ${condition} ${devices}
              on conflict (event_id, person_id, channel) do nothing
              returning 1)
            select count(*)::int as n from made`,
        );
        if (channel === 'app') made = inserted[0]?.n ?? 0;
      }
      return made;
    },

    /** The people an event notified in the portal, of `among` (null: all of them). */
    async notifiedBy(eventId: number): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select person_id as id from notifications where event_id = ${eventId} and channel = 'app'`,
      );
      return rows.map((r) => r.id);
    },

    async unreadCounts(personIds: readonly number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>(personIds.map((id) => [id, 0]));
      if (!personIds.length) return counts;
      const rows = await rowsOf<{ id: number; n: number }>(
        db,
        sql`select person_id as id, count(*)::int as n from notifications
          where channel = 'app' and read_at is null and person_id = any(${intArray(personIds)}) group by person_id`,
      );
      for (const r of rows) counts.set(r.id, r.n);
      return counts;
    },

    async unread(personId: number): Promise<number> {
      return (await this.unreadCounts([personId])).get(personId) ?? 0;
    },

    /** A page of the person's in-app notifications, newest first, older than `before` (an id) when given. */
    async page(personId: number, before: number | undefined, limit: number): Promise<NotificationRow[]> {
      const rows = await rowsOf<NotificationRow>(
        db,
        sql`select id::float8 as id, kind, params, created_at as "createdAt", read_at is not null as read
          from notifications where person_id = ${personId} and channel = 'app'
            ${before ? sql`and id < ${before}` : sql``}
          order by id desc limit ${limit}`,
      );
      return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
    },

    /** Marks one (or, with id null, every) unread notification of the person read; answers how many it marked. */
    async markRead(tx: Db, personId: number, id: number | null): Promise<number> {
      const rows = await rowsOf<{ n: number }>(
        tx,
        sql`with marked as (
            update notifications set read_at = now()
            where person_id = ${personId} and channel = 'app' and read_at is null ${id === null ? sql`` : sql`and id = ${id}`}
            returning 1)
          select count(*)::int as n from marked`,
      );
      return rows[0]?.n ?? 0;
    },

    async exists(personId: number, id: number): Promise<boolean> {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select id from notifications where id = ${id} and person_id = ${personId} and channel = 'app'`,
      );
      return rows.length > 0;
    },

    async settings(personId: number): Promise<SettingRow[]> {
      return rowsOf<SettingRow>(
        db,
        sql`select kind, channel, enabled from notification_settings where person_id = ${personId}`,
      );
    },

    /** Replaces the person's choices with `rows`. */
    async saveSettings(tx: Db, personId: number, rows: SettingRow[]): Promise<void> {
      await tx.execute(sql`delete from notification_settings where person_id = ${personId}`);
      for (const r of rows) {
        await tx.execute(
          sql`insert into notification_settings (person_id, kind, channel, enabled)
            values (${personId}, ${r.kind}, ${r.channel}, ${r.enabled})`,
        );
      }
    },

    /** Keeps a device's subscription for the person and session (a subscription seen before moves to them). */
    async subscribe(
      tx: Db,
      s: { personId: number; sessionId: number; endpoint: string; p256dh: string; auth: string; lang: string },
    ): Promise<void> {
      await tx.execute(
        sql`insert into push_subscriptions (person_id, session_id, endpoint, p256dh, auth, lang)
          values (${s.personId}, ${s.sessionId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.lang})
          on conflict (endpoint) do update set person_id = excluded.person_id, session_id = excluded.session_id,
            p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang, created_at = now()`,
      );
    },

    async unsubscribe(tx: Db, personId: number, endpoint: string): Promise<void> {
      await tx.execute(sql`delete from push_subscriptions where person_id = ${personId} and endpoint = ${endpoint}`);
    },

    /** How long the oldest undelivered item has waited, in seconds (0 when none waits). */
    async oldestUndeliveredSec(reader: string, topics: readonly string[]): Promise<number> {
      const rows = await rowsOf<{ sec: number | null }>(
        db,
        sql`select greatest(
            (select extract(epoch from now() - min(created_at)) from notifications
              where channel = 'push' and sent_at is null),
            (select extract(epoch from now() - min(e.at)) from change_events e
              left join change_cursors c on c.reader = ${reader}
              where e.topic = any(${`{${topics.join(',')}}`}::text[])
                and (e.txid, e.id) > (coalesce(c.txid, '0'::xid8), coalesce(c.last_id, 0)))
          )::float8 as sec`,
      );
      return Math.max(0, rows[0]?.sec ?? 0);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
