import { chatRecipientTypes } from '@okuu/contracts/chat/message';
import type { NamedRecord } from '@okuu/contracts/fields';
import { and, asc, desc, eq, gt, inArray, isNull, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatAttachments, chatMessages, chatRecipients } from '../../db/schema/chat.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import { disciplines, subgroups } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';
import type { Change, Changes } from '../../lib/changes.ts';
import { announceChat } from './chat.notices.ts';

/** A conversation as the service resolved it: with a person, a group's chat or a stream's chat. */
export type Conversation =
  | { kind: 'person'; peerId: number }
  | { kind: 'group'; groupId: number }
  | { kind: 'stream'; streamId: number };

export interface NewMessage {
  id: number;
  senderId: number;
  senderType: number;
  recipientType: number;
  recipientId: number;
  text: string;
  academicYear: number;
  halfYearKind: number;
  disciplineId: number | null;
  credits: number | null;
  groupId: number | null;
  subgroupId: number | null;
  isElective: boolean;
}

export interface MessageRow extends NewMessage {
  createdAt: Date;
  senderName: string;
  /** In their order of upload. */
  attachments: { id: number; name: string; size: number; kind: 'file' | 'photo' }[];
  /** As the viewer the rows were read for sees it (see ChatMessage.isRead). */
  isRead: boolean;
}

export interface NewAttachment {
  kind: 'file' | 'photo';
  name: string;
  size: number;
  storageKey: string;
  contentType: string | null;
}

/** One link between a teacher and a student in a half-year, with the names the contact list shows. */
export interface LinkRow {
  personId: number;
  lastName: string;
  firstName: string;
  patronymic: string | null;
  position: NamedRecord | null;
  facultyId: number | null;
  studentGroupId: number | null;
  studentGroupName: string | null;
  semesterId: number;
  disciplineId: number;
  disciplineName: string;
  disciplineNameKg: string;
  disciplineNameEn: string;
  credits: number;
  groupId: number;
  groupName: string;
  subgroupId: number | null;
  subgroupName: string | null;
  streamId: number | null;
  streamName: string | null;
  isElective: boolean;
}

export interface InsertedMessage {
  id: number;
  createdAt: Date;
  attachmentIds: number[];
}

export interface PersonRow {
  id: number;
  role: number;
  lastName: string;
  firstName: string;
  patronymic: string | null;
  position: NamedRecord | null;
  facultyId: number | null;
  groupId: number | null;
  groupName: string | null;
}

/** A teacher's position (the query joins `positions pos`), named in the three languages; null for others. */
const positionJson = sql.raw(
  `case when pos.id is null then null else json_build_object('name', pos.name, 'nameKg', pos.name_kg, 'nameEn', pos.name_en) end as position`,
);

const fullName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;

const attachmentsJson = sql<MessageRow['attachments']>`coalesce((
  select json_agg(json_build_object('id', ${chatAttachments.id}, 'name', ${chatAttachments.name},
    'size', ${chatAttachments.size}, 'kind', ${chatAttachments.kind}) order by ${chatAttachments.position})
  from ${chatAttachments} where ${chatAttachments.messageId} = ${chatMessages.id}), '[]'::json)`;

const isPerson = inArray(chatMessages.recipientType, [chatRecipientTypes.teacher, chatRecipientTypes.student]);
const isGroupOrStream = inArray(chatMessages.recipientType, [chatRecipientTypes.group, chatRecipientTypes.stream]);

type Rows<T> = { rows: T[] };

async function rowsOn<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export function createChatRepository(db: Db, changes: Changes) {
  const rows = <T>(query: SQL) => rowsOn<T>(db, query);

  /** The viewer sent it, or received it. */
  function visibleTo(viewer: number | Placeholder): SQL {
    return sql`(${chatMessages.senderId} = ${viewer} or exists (select 1 from ${chatRecipients}
      where ${chatRecipients.messageId} = ${chatMessages.id} and ${chatRecipients.userId} = ${viewer}))`;
  }

  /** The messages of a conversation the viewer may see. */
  function inConversation(c: Conversation, viewer: number): SQL {
    if (c.kind === 'person') {
      return and(
        eq(chatMessages.pairLow, Math.min(viewer, c.peerId)),
        eq(chatMessages.pairHigh, Math.max(viewer, c.peerId)),
      ) as SQL;
    }
    const [own, other, id, streamsOrGroups] =
      c.kind === 'group'
        ? [
            chatRecipientTypes.group,
            chatRecipientTypes.stream,
            c.groupId,
            sql`select stream_id from stream_groups where group_id = ${c.groupId}`,
          ]
        : [
            chatRecipientTypes.stream,
            chatRecipientTypes.group,
            c.streamId,
            sql`select group_id from stream_groups where stream_id = ${c.streamId}`,
          ];
    return sql`((${chatMessages.recipientType} = ${own} and ${chatMessages.recipientId} = ${id})
      or (${chatMessages.recipientType} = ${other} and ${chatMessages.recipientId} in (${streamsOrGroups})))
      and ${visibleTo(viewer)}`;
  }

  function isReadFor(viewer: number | Placeholder) {
    return sql<boolean>`case when ${chatMessages.senderId} = ${viewer}
      then exists (select 1 from ${chatRecipients} where ${chatRecipients.messageId} = ${chatMessages.id}
        and ${chatRecipients.readAt} is not null)
      else exists (select 1 from ${chatRecipients} where ${chatRecipients.messageId} = ${chatMessages.id}
        and ${chatRecipients.userId} = ${viewer} and ${chatRecipients.readAt} is not null) end`;
  }

  function selectMessages(viewer: number | Placeholder) {
    return db
      .select({
        id: chatMessages.id,
        senderId: chatMessages.senderId,
        senderType: chatMessages.senderType,
        recipientType: chatMessages.recipientType,
        recipientId: chatMessages.recipientId,
        text: chatMessages.text,
        academicYear: chatMessages.academicYear,
        halfYearKind: chatMessages.halfYearKind,
        disciplineId: chatMessages.disciplineId,
        credits: chatMessages.credits,
        groupId: chatMessages.groupId,
        subgroupId: chatMessages.subgroupId,
        isElective: chatMessages.isElective,
        createdAt: chatMessages.createdAt,
        senderName: fullName,
        attachments: attachmentsJson,
        isRead: isReadFor(viewer),
      })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.senderId));
  }

  // The busiest read, the newest page of a conversation with a person, and the unread counter: prepared statements.
  const pairPlaceholders = and(
    eq(chatMessages.pairLow, sql.placeholder('low')),
    eq(chatMessages.pairHigh, sql.placeholder('high')),
  );
  const newestWithPerson = selectMessages(sql.placeholder('viewer'))
    .where(pairPlaceholders)
    .orderBy(desc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .prepare('chat_newest_with_person');
  const unreadWithPerson = db
    .select({
      total: sql<number>`count(*)::int`,
      first: sql<number>`coalesce(min(${chatRecipients.messageId}), 0)::int`,
    })
    .from(chatRecipients)
    .innerJoin(chatMessages, eq(chatMessages.id, chatRecipients.messageId))
    .where(
      and(
        eq(chatRecipients.userId, sql.placeholder('viewer')),
        isNull(chatRecipients.readAt),
        eq(chatMessages.senderId, sql.placeholder('peer')),
        isPerson,
      ),
    )
    .prepare('chat_unread_with_person');
  const unreadTotal = db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatRecipients)
    .where(and(eq(chatRecipients.userId, sql.placeholder('viewer')), isNull(chatRecipients.readAt)))
    .prepare('chat_unread_total');

  /** People by id (the names, position, faculty and group a contact shows). */
  async function people(ids: number[]): Promise<PersonRow[]> {
    if (ids.length === 0) return [];
    return rows<PersonRow>(sql`
      select u.id, u.role, u.last_name as "lastName", u.first_name as "firstName", u.patronymic,
        ${positionJson}, coalesce(d.faculty_id, td.faculty_id) as "facultyId",
        sp.group_id as "groupId", g.name as "groupName"
      from users u
        left join student_profiles sp on sp.user_id = u.id
        left join groups g on g.id = sp.group_id
        left join specialities s on s.id = g.speciality_id
        left join departments d on d.id = s.department_id
        left join teacher_profiles tp on tp.user_id = u.id
        left join positions pos on pos.id = tp.position_id
        left join departments td on td.id = tp.department_id
      where u.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }

  return {
    /**
     * Up to `limit` messages of a conversation: the newest, those just older than `before`, or those just newer than
     * `after`. Always newest first for the first two, oldest first for `after`.
     */
    async page(
      c: Conversation,
      viewer: number,
      opts: { before?: number; after?: number; limit: number },
    ): Promise<MessageRow[]> {
      if (c.kind === 'person' && opts.before === undefined && opts.after === undefined) {
        return (await newestWithPerson.execute({
          viewer,
          low: Math.min(viewer, c.peerId),
          high: Math.max(viewer, c.peerId),
          limit: opts.limit,
        })) as MessageRow[];
      }
      const cursor =
        opts.after !== undefined
          ? gt(chatMessages.id, opts.after)
          : opts.before !== undefined
            ? lt(chatMessages.id, opts.before)
            : undefined;
      return (await selectMessages(viewer)
        .where(and(inConversation(c, viewer), cursor))
        .orderBy(opts.after !== undefined ? asc(chatMessages.id) : desc(chatMessages.id))
        .limit(opts.limit)) as MessageRow[];
    },

    /** Whether the conversation holds any message the viewer may see. */
    async hasMessages(c: Conversation, viewer: number): Promise<boolean> {
      const found = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(inConversation(c, viewer))
        .limit(1);
      return found.length > 0;
    },

    /** How many of the conversation's messages the viewer received and has not read, and the oldest of them. */
    async unread(c: Conversation, viewer: number): Promise<{ total: number; first: number }> {
      if (c.kind === 'person') {
        const [row] = await unreadWithPerson.execute({ viewer, peer: c.peerId });
        return { total: row?.total ?? 0, first: row?.first ?? 0 };
      }
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          first: sql<number>`coalesce(min(${chatRecipients.messageId}), 0)::int`,
        })
        .from(chatRecipients)
        .innerJoin(chatMessages, eq(chatMessages.id, chatRecipients.messageId))
        .where(and(eq(chatRecipients.userId, viewer), isNull(chatRecipients.readAt), inConversation(c, viewer)));
      return { total: row?.total ?? 0, first: row?.first ?? 0 };
    },

    async unreadTotal(viewer: number): Promise<number> {
      const [row] = await unreadTotal.execute({ viewer });
      return row?.n ?? 0;
    },

    /** The viewer's unread messages from people, counted by sender. */
    async unreadBySender(viewer: number): Promise<Map<number, number>> {
      const found = await db
        .select({ senderId: chatMessages.senderId, n: sql<number>`count(*)::int` })
        .from(chatRecipients)
        .innerJoin(chatMessages, eq(chatMessages.id, chatRecipients.messageId))
        .where(and(eq(chatRecipients.userId, viewer), isNull(chatRecipients.readAt), isPerson))
        .groupBy(chatMessages.senderId);
      return new Map(found.map((r) => [r.senderId, r.n]));
    },

    /** The viewer's unread group and stream messages, counted by what they were sent to. */
    async unreadInGroupChats(viewer: number): Promise<{ recipientType: number; recipientId: number; n: number }[]> {
      return db
        .select({
          recipientType: chatMessages.recipientType,
          recipientId: chatMessages.recipientId,
          n: sql<number>`count(*)::int`,
        })
        .from(chatRecipients)
        .innerJoin(chatMessages, eq(chatMessages.id, chatRecipients.messageId))
        .where(and(eq(chatRecipients.userId, viewer), isNull(chatRecipients.readAt), isGroupOrStream))
        .groupBy(chatMessages.recipientType, chatMessages.recipientId);
    },

    /** One message as `viewer` sees it, or null when it does not exist or the viewer is not part of it. */
    async message(id: number, viewer: number): Promise<MessageRow | null> {
      const found = await selectMessages(viewer)
        .where(and(eq(chatMessages.id, id), visibleTo(viewer)))
        .limit(1);
      return (found[0] as MessageRow | undefined) ?? null;
    },

    /** A message as pushed to its participants, whoever they are (`isRead` false). */
    async messageForPush(id: number): Promise<MessageRow | null> {
      const found = await selectMessages(0).where(eq(chatMessages.id, id)).limit(1);
      return (found[0] as MessageRow | undefined) ?? null;
    },

    /** The sender of a message and whether `viewer` received it; null when the viewer is not part of it. */
    async participation(id: number, viewer: number): Promise<{ senderId: number; received: boolean } | null> {
      const found = await db
        .select({
          senderId: chatMessages.senderId,
          received: sql<boolean>`exists (select 1 from ${chatRecipients}
            where ${chatRecipients.messageId} = ${chatMessages.id} and ${chatRecipients.userId} = ${viewer})`,
        })
        .from(chatMessages)
        .where(eq(chatMessages.id, id))
        .limit(1);
      const row = found[0];
      if (!row || (row.senderId !== viewer && !row.received)) return null;
      return row;
    },

    /** Marks one received message read; returns its sender when it was unread. */
    async markRead(id: number, viewer: number): Promise<number | null> {
      return changes.transaction(async (tx, change) => {
        const found = await rowsOn<{ senderId: number }>(
          tx,
          sql`update chat_recipients r set read_at = now() from chat_messages m
            where r.message_id = ${id} and r.user_id = ${viewer} and r.read_at is null and m.id = r.message_id
            returning m.sender_id as "senderId"`,
        );
        const senderId = found[0]?.senderId ?? null;
        if (senderId !== null) announceChat(change, { kind: 'read', by: viewer, from: senderId, ids: [id] });
        return senderId;
      });
    },

    /** Marks every received message read (of one conversation when given); returns what changed. */
    async markAllRead(viewer: number, c: Conversation | null): Promise<{ id: number; senderId: number }[]> {
      const scope = c ? sql`and ${inConversation(c, viewer)}` : sql``;
      return changes.transaction(async (tx, change) => {
        const changed = await rowsOn<{ id: number; senderId: number }>(
          tx,
          sql`update chat_recipients set read_at = now() from chat_messages
            where chat_recipients.user_id = ${viewer} and chat_recipients.read_at is null
              and chat_messages.id = chat_recipients.message_id ${scope}
            returning chat_messages.id as "id", chat_messages.sender_id as "senderId"`,
        );
        const bySender = new Map<number, number[]>();
        for (const { id, senderId } of changed) bySender.set(senderId, [...(bySender.get(senderId) ?? []), id]);
        for (const [from, ids] of bySender) announceChat(change, { kind: 'read', by: viewer, from, ids });
        return changed;
      });
    },

    /** Reserves the id of a message about to be inserted (its files are stored under it first). */
    async nextId(): Promise<number> {
      const [row] = await rows<{ id: number }>(
        sql`SELECT nextval(pg_get_serial_sequence('chat_messages', 'id'))::int AS id`,
      );
      if (typeof row?.id !== 'number') throw new Error('No id from the chat_messages sequence');
      return row.id;
    },

    /**
     * Inserts a message with its recipients and attachments; returns its id, time and attachment ids. `id` is the
     * one reserved with nextId (needed when files were stored under it), or left out for the sequence to give.
     */
    /**
     * Inserts a message with its recipients and attachments, atomically; `finish`, when given, runs last inside the
     * transaction with what was written (to store the reply, move the files to their keys).
     */
    async insert(
      message: Omit<NewMessage, 'id'> & { id?: number },
      recipients: number[],
      attachments: NewAttachment[],
      finish?: (tx: Db, inserted: InsertedMessage) => Promise<void>,
    ): Promise<InsertedMessage> {
      const direct =
        message.recipientType === chatRecipientTypes.teacher || message.recipientType === chatRecipientTypes.student;
      const values = {
        ...message,
        pairLow: direct ? Math.min(message.senderId, message.recipientId) : null,
        pairHigh: direct ? Math.max(message.senderId, message.recipientId) : null,
      };
      const announce = (change: Change, id: number) =>
        announceChat(change, { kind: 'message', id, users: [message.senderId, ...recipients] });
      if (!finish && attachments.length === 0 && recipients.length <= 5000) {
        // The common case in one statement: the message, then its recipients.
        const insertMessage = db
          .insert(chatMessages)
          .values(values)
          .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt })
          .getSQL();
        return changes.transaction(async (tx, change) => {
          const [row] = await rowsOn<{ id: number; createdMs: number }>(
            tx,
            sql`with m as (${insertMessage}),
            r as (insert into chat_recipients (message_id, user_id)
              select m.id, u from m, unnest(${`{${recipients.join(',')}}`}::int[]) as u)
            select m.id, (extract(epoch from m.created_at) * 1000)::float8 as "createdMs" from m`,
          );
          if (!row) throw new Error('A chat message was not inserted');
          announce(change, row.id);
          return { id: row.id, createdAt: new Date(row.createdMs), attachmentIds: [] };
        });
      }
      return changes.transaction(async (tx, change) => {
        const [inserted] = await tx
          .insert(chatMessages)
          .values(values)
          .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
        if (!inserted) throw new Error('A chat message was not inserted');
        for (let i = 0; i < recipients.length; i += 5000) {
          await tx
            .insert(chatRecipients)
            .values(recipients.slice(i, i + 5000).map((userId) => ({ messageId: inserted.id, userId })));
        }
        const ids = attachments.length
          ? await tx
              .insert(chatAttachments)
              .values(attachments.map((a, position) => ({ messageId: inserted.id, position, ...a })))
              .returning({ id: chatAttachments.id })
          : [];
        const written = { id: inserted.id, createdAt: inserted.createdAt, attachmentIds: ids.map((r) => r.id) };
        await finish?.(tx, written);
        announce(change, inserted.id);
        return written;
      });
    },

    /** Deletes a message (its recipients and attachment rows go with it); returns its storage keys and recipients. */
    async delete(id: number): Promise<{ keys: string[]; recipients: number[] } | null> {
      return changes.transaction(async (tx, change) => {
        const keys = await tx
          .select({ key: chatAttachments.storageKey })
          .from(chatAttachments)
          .where(eq(chatAttachments.messageId, id));
        const recipients = await tx
          .select({ userId: chatRecipients.userId })
          .from(chatRecipients)
          .where(eq(chatRecipients.messageId, id));
        const [deleted] = await tx
          .delete(chatMessages)
          .where(eq(chatMessages.id, id))
          .returning({ senderId: chatMessages.senderId });
        if (!deleted) return null;
        const users = recipients.map((r) => r.userId);
        announceChat(change, { kind: 'delete', id, users: [deleted.senderId, ...users] });
        return { keys: keys.map((k) => k.key), recipients: users };
      });
    },

    /** An attachment of a message the viewer sent or received. */
    async attachment(id: number, viewer: number) {
      const found = await db
        .select({
          name: chatAttachments.name,
          kind: chatAttachments.kind,
          storageKey: chatAttachments.storageKey,
          contentType: chatAttachments.contentType,
        })
        .from(chatAttachments)
        .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
        .where(and(eq(chatAttachments.id, id), visibleTo(viewer)))
        .limit(1);
      return found[0] ?? null;
    },

    async person(id: number): Promise<PersonRow | null> {
      const [row] = await people([id]);
      return row ?? null;
    },

    people,

    /**
     * How a teacher and their students, or a student and their teachers, are linked in a half-year: teaching
     * assignments of a group, of a stream (its groups) or of a subgroup (its members), and registrations naming the
     * teacher. One row per link; `personId` is the other side.
     */
    async links(viewer: { id: number; role: 'teacher' | 'student' }, year: number, ws: number): Promise<LinkRow[]> {
      const period = (t: 'ta' | 'r') =>
        sql`${sql.raw(t)}.academic_year_id = ${year} and ${sql.raw(t)}.half_year_kind = ${ws}`;
      const links =
        viewer.role === 'teacher'
          ? sql`
            select sp.user_id as person_id, ta.discipline_id, ta.credits, ta.semester_id, sp.group_id, ta.subgroup_id,
              ta.stream_id, false as is_elective
            from teaching_assignments ta join student_profiles sp on sp.group_id = ta.group_id
            where ta.teacher_id = ${viewer.id} and ${period('ta')} and ta.subgroup_id is null
            union all
            select sp.user_id, ta.discipline_id, ta.credits, ta.semester_id, sp.group_id, ta.subgroup_id, ta.stream_id, false
            from teaching_assignments ta join stream_groups sg on sg.stream_id = ta.stream_id
              join student_profiles sp on sp.group_id = sg.group_id
            where ta.teacher_id = ${viewer.id} and ${period('ta')} and ta.subgroup_id is null
            union all
            select sp.user_id, ta.discipline_id, ta.credits, ta.semester_id, sp.group_id, ta.subgroup_id, ta.stream_id, false
            from teaching_assignments ta join subgroup_members sm on sm.subgroup_id = ta.subgroup_id
              join student_profiles sp on sp.user_id = sm.student_id
            where ta.teacher_id = ${viewer.id} and ${period('ta')}
            union all
            select r.student_id, r.discipline_id, r.credits, r.semester_id, sp.group_id, r.subgroup_id, r.stream_id,
              r.is_elective
            from registrations r join student_profiles sp on sp.user_id = r.student_id
            where r.teacher_id = ${viewer.id} and ${period('r')}`
          : sql`
            select ta.teacher_id as person_id, ta.discipline_id, ta.credits, ta.semester_id, me.group_id, ta.subgroup_id,
              ta.stream_id, false as is_elective
            from me join teaching_assignments ta on ta.group_id = me.group_id
            where ${period('ta')} and ta.subgroup_id is null
            union all
            select ta.teacher_id, ta.discipline_id, ta.credits, ta.semester_id, me.group_id, ta.subgroup_id, ta.stream_id, false
            from me join stream_groups sg on sg.group_id = me.group_id
              join teaching_assignments ta on ta.stream_id = sg.stream_id
            where ${period('ta')} and ta.subgroup_id is null
            union all
            select ta.teacher_id, ta.discipline_id, ta.credits, ta.semester_id, me.group_id, ta.subgroup_id, ta.stream_id, false
            from me join subgroup_members sm on sm.student_id = me.user_id
              join teaching_assignments ta on ta.subgroup_id = sm.subgroup_id
            where ${period('ta')}
            union all
            select r.teacher_id, r.discipline_id, r.credits, r.semester_id, me.group_id, r.subgroup_id, r.stream_id,
              r.is_elective
            from me join registrations r on r.student_id = me.user_id
            where ${period('r')} and r.teacher_id is not null`;
      return rows<LinkRow>(sql`
        with me as (select user_id, group_id from student_profiles where user_id = ${viewer.id}),
        links as (${links})
        select l.person_id as "personId", u.last_name as "lastName", u.first_name as "firstName", u.patronymic,
          ${positionJson}, coalesce(pd.faculty_id, td.faculty_id) as "facultyId",
          psp.group_id as "studentGroupId", pg.name as "studentGroupName",
          l.semester_id as "semesterId", l.discipline_id as "disciplineId", d.name as "disciplineName",
          d.name_kg as "disciplineNameKg", d.name_en as "disciplineNameEn", l.credits::int as "credits",
          l.group_id as "groupId", g.name as "groupName", l.subgroup_id as "subgroupId", sg.name as "subgroupName",
          l.stream_id as "streamId", st.name as "streamName", l.is_elective as "isElective"
        from links l
          join users u on u.id = l.person_id
          join disciplines d on d.id = l.discipline_id
          join groups g on g.id = l.group_id
          left join subgroups sg on sg.id = l.subgroup_id
          left join streams st on st.id = l.stream_id
          left join teacher_profiles tp on tp.user_id = l.person_id
          left join positions pos on pos.id = tp.position_id
          left join departments td on td.id = tp.department_id
          left join student_profiles psp on psp.user_id = l.person_id
          left join groups pg on pg.id = psp.group_id
          left join specialities ps on ps.id = pg.speciality_id
          left join departments pd on pd.id = ps.department_id
        where l.person_id <> ${viewer.id}`);
    },

    /** Whether the teacher teaches (or taught) the student in any half-year, or the student registered with them. */
    async linked(teacherId: number, studentId: number): Promise<boolean> {
      const [row] = await rows<{ linked: boolean }>(sql`
        select exists (
          select 1 from teaching_assignments ta join student_profiles sp on sp.user_id = ${studentId}
          where ta.teacher_id = ${teacherId} and (
            (ta.subgroup_id is null and (ta.group_id = sp.group_id
              or ta.stream_id in (select stream_id from stream_groups where group_id = sp.group_id)))
            or ta.subgroup_id in (select subgroup_id from subgroup_members where student_id = ${studentId}))
        ) or exists (
          select 1 from registrations where teacher_id = ${teacherId} and student_id = ${studentId}
        ) as linked`);
      return row?.linked === true;
    },

    /** Whether the teacher teaches (or taught) the group: itself, a stream it belongs to, or one of its subgroups. */
    async teachesGroup(teacherId: number, groupId: number): Promise<boolean> {
      const [row] = await rows<{ ok: boolean }>(sql`
        select exists (
          select 1 from teaching_assignments
          where teacher_id = ${teacherId} and (group_id = ${groupId}
            or stream_id in (select stream_id from stream_groups where group_id = ${groupId})
            or subgroup_id in (select id from subgroups where group_id = ${groupId}))
        ) as ok`);
      return row?.ok === true;
    },

    async teachesStream(teacherId: number, streamId: number): Promise<boolean> {
      const [row] = await rows<{ ok: boolean }>(sql`
        select exists (select 1 from teaching_assignments where teacher_id = ${teacherId} and stream_id = ${streamId})
          as ok`);
      return row?.ok === true;
    },

    /** The group chats of a teacher in a half-year: the groups (also through subgroups) and streams taught. */
    async teacherGroupChats(
      teacherId: number,
      year: number,
      ws: number,
    ): Promise<
      {
        groupId: number | null;
        streamId: number | null;
        streamGroups: number[];
        name: string;
        nameKg: string;
        nameEn: string;
      }[]
    > {
      // A group's name is a code, the same in every language: its kg and en are ''.
      return rows(sql`
        select g.id as "groupId", null::int as "streamId", g.name, '' as "nameKg", '' as "nameEn",
          coalesce((select array_agg(stream_id) from stream_groups where group_id = g.id), '{}') as "streamGroups"
        from groups g
        where g.id in (
          select coalesce(ta.group_id, s.group_id) from teaching_assignments ta left join subgroups s on s.id = ta.subgroup_id
          where ta.teacher_id = ${teacherId} and ta.academic_year_id = ${year} and ta.half_year_kind = ${ws}
            and ta.stream_id is null)
        union all
        select null::int, st.id, st.name, st.name_kg, st.name_en,
          coalesce((select array_agg(group_id) from stream_groups where stream_id = st.id), '{}')
        from streams st
        where st.id in (
          select stream_id from teaching_assignments
          where teacher_id = ${teacherId} and academic_year_id = ${year} and half_year_kind = ${ws})
        order by 3`);
    },

    async groupName(groupId: number): Promise<{ name: string; streams: number[] } | null> {
      const [row] = await rows<{ name: string; streams: number[] }>(sql`
        select name, coalesce((select array_agg(stream_id) from stream_groups where group_id = ${groupId}), '{}')
          as streams
        from groups where id = ${groupId}`);
      return row ?? null;
    },

    async studentsOfGroup(groupId: number): Promise<number[]> {
      const found = await db
        .select({ id: studentProfiles.userId })
        .from(studentProfiles)
        .where(eq(studentProfiles.groupId, groupId));
      return found.map((r) => r.id);
    },

    async studentsOfStream(streamId: number): Promise<number[]> {
      const found = await rows<{ id: number }>(sql`
        select sp.user_id as id from student_profiles sp join stream_groups sg on sg.group_id = sp.group_id
        where sg.stream_id = ${streamId}`);
      return found.map((r) => r.id);
    },

    /** The teachers of a group in a half-year (of the group, its streams or its subgroups). */
    async teachersOfGroup(groupId: number, year: number, ws: number): Promise<number[]> {
      const found = await rows<{ id: number }>(sql`
        select distinct teacher_id as id from teaching_assignments
        where academic_year_id = ${year} and half_year_kind = ${ws} and (group_id = ${groupId}
          or stream_id in (select stream_id from stream_groups where group_id = ${groupId})
          or subgroup_id in (select id from subgroups where group_id = ${groupId}))`);
      return found.map((r) => r.id);
    },

    async disciplineExists(id: number): Promise<boolean> {
      const found = await db.select({ id: disciplines.id }).from(disciplines).where(eq(disciplines.id, id)).limit(1);
      return found.length > 0;
    },

    /** The group a subgroup belongs to. */
    async subgroupGroup(id: number): Promise<number | null> {
      const found = await db
        .select({ groupId: subgroups.groupId })
        .from(subgroups)
        .where(eq(subgroups.id, id))
        .limit(1);
      return found[0]?.groupId ?? null;
    },

    async streamGroups(streamId: number): Promise<number[]> {
      const found = await rows<{ id: number }>(
        sql`select group_id as id from stream_groups where stream_id = ${streamId}`,
      );
      return found.map((r) => r.id);
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
