import type { Readable } from 'node:stream';
import type { ChatContact, ContactContext, GroupChat } from '@okuu/contracts/chat/contacts';
import { chatDownloadUrl, chatPhotoUrl } from '@okuu/contracts/chat/download';
import { chatFileNameSeparator } from '@okuu/contracts/chat/insert';
import {
  type ChatMessage,
  type ChatPage,
  chatLimits,
  chatRecipientTypes,
  groupChatId,
  groupChatName,
} from '@okuu/contracts/chat/message';
import { roles } from '@okuu/contracts/endpoint';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import { downloadType, sanitizeFileName, uniqueNames } from '../../lib/files.ts';
import { type Remember, rememberNothing } from '../../lib/idempotency.ts';
import { JsonReply, type UploadedFile } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { Storage } from '../../lib/storage.ts';
import { commitUploads } from '../../lib/uploads.ts';
import { validationError } from '../../lib/validation.ts';
import type { FilesService } from '../files/files.service.ts';
import { sniffImage } from './chat.files.ts';
import type { ChatNotice } from './chat.notices.ts';
import type {
  ChatRepository,
  Conversation,
  InsertedMessage,
  LinkRow,
  MessageRow,
  NewAttachment,
} from './chat.repository.ts';

/** Which conversation a call names (see contracts chat/message.ts, conversationFields). */
export interface ConversationInput {
  id_to: number;
  id_group?: number;
  id_stream?: number;
}

export interface InsertInput extends ConversationInput {
  text: string;
  year?: number;
  ws?: number;
  id_discipline?: number;
  kredit?: number;
  id_subgroup?: number;
  isElective: boolean;
  fileName?: string[];
}

export interface ChatFile {
  stream: Readable;
  size: number;
  name: string;
  contentType: string;
  disposition: 'attachment' | 'inline';
}

const noConversation = () => new AppError('not_found', 'There is no such conversation.');
const noMessage = () => new AppError('not_found', 'There is no such message.');
const noFile = () => new AppError('not_found', 'There is no such file.');
const mayNotWrite = () =>
  new AppError(
    'forbidden',
    'You can write only to your own students or teachers, to your own group, or to the groups and streams you teach.',
  );

const fullName = (p: { lastName: string; firstName: string; patronymic: string | null }) =>
  [p.lastName, p.firstName, p.patronymic].filter(Boolean).join(' ');

/** A message as `viewerId` sees it. */
export function toMessage(row: MessageRow, viewerId: number): ChatMessage {
  return {
    id_message: row.id,
    message: row.text,
    ismine: row.senderId === viewerId,
    id_from_type: row.senderType,
    id_from: row.senderId,
    id_to_type: row.recipientType,
    id_to: row.recipientId,
    id_discipline: row.disciplineId,
    ws: row.halfYearKind,
    kredit: row.credits,
    year: row.academicYear,
    created: row.createdAt.toISOString(),
    attachments: row.attachments.map((a) => ({
      id: a.id,
      name: a.name,
      size: a.size,
      kind: a.kind,
      url: a.kind === 'photo' ? chatPhotoUrl(a.id) : chatDownloadUrl(a.id),
    })),
    fio: row.senderName,
    id_group: row.groupId,
    id_subgroup: row.subgroupId,
    isElective: row.isElective,
    isRead: row.isRead,
  };
}

export function createChatService(deps: {
  repo: ChatRepository;
  storage: Storage;
  files: Pick<FilesService, 'checkQuota'>;
  /** Today's academic year and half-year. */
  currentPeriod: () => Promise<{ year: number; ws: number }>;
}) {
  const { repo, storage, currentPeriod } = deps;
  const pageSize = chatLimits.pageSize;

  // The newest page of a conversation as each of its people reads it (the page a chat opens on, asked again and again),
  // kept ready with its encoded reply. Any chat notice naming a person (a message to or from them, a read, a deletion)
  // drops every page kept for them; only pages with messages are kept (an empty one depends on who may talk).
  const newestPages = createChangeCache<{ reply: JsonReply<ChatPage>; empty: boolean }>({
    ttlMs: 60_000,
    maxEntries: 20_000,
  });
  const keptFor = new Map<number, Set<string>>();
  function forgetPeople(people: number[]) {
    for (const person of people) {
      const keys = keptFor.get(person);
      if (!keys) continue;
      keptFor.delete(person);
      for (const key of keys) newestPages.delete(key);
    }
  }
  const conversationKey = (c: Conversation) =>
    c.kind === 'person' ? `p${c.peerId}` : c.kind === 'group' ? `g${c.groupId}` : `s${c.streamId}`;

  /** The conversation a call names. Refuses only what is malformed; who may open it is decided by `checkMayOpen`. */
  function resolve(user: AuthUser, input: ConversationInput): Conversation {
    if (input.id_to !== groupChatId) return { kind: 'person', peerId: input.id_to };
    if (input.id_stream !== undefined) {
      if (user.role !== roles.teacher) throw noConversation();
      return { kind: 'stream', streamId: input.id_stream };
    }
    if (input.id_group !== undefined) return { kind: 'group', groupId: input.id_group };
    if (user.role === roles.student && user.groupId !== null) return { kind: 'group', groupId: user.groupId };
    if (user.role === roles.teacher) {
      throw validationError([{ path: ['id_group'], rule: 'which_group_chat' }]);
    }
    throw noConversation();
  }

  /** Whether the caller may talk in a conversation: a teacher and their student, a group's own students, its teachers. */
  async function mayTalk(user: AuthUser, c: Conversation): Promise<boolean> {
    if (c.kind === 'person') {
      if (c.peerId === user.id) return false;
      if (user.role === roles.teacher) return repo.linked(user.id, c.peerId);
      if (user.role === roles.student) return repo.linked(c.peerId, user.id);
      return false;
    }
    if (c.kind === 'group') {
      if (user.role === roles.student) return user.groupId === c.groupId;
      if (user.role === roles.teacher) return repo.teachesGroup(user.id, c.groupId);
      return false;
    }
    return user.role === roles.teacher && repo.teachesStream(user.id, c.streamId);
  }

  /** A conversation may be opened by those who may talk in it, and by anyone with messages in it. */
  async function checkMayOpen(user: AuthUser, c: Conversation): Promise<void> {
    if ((await repo.hasMessages(c, user.id)) || (await mayTalk(user, c))) return;
    throw noConversation();
  }

  async function pageOf(user: AuthUser, c: Conversation, opts: { before?: number; after?: number }): Promise<ChatPage> {
    const rows = await repo.page(c, user.id, { ...opts, limit: pageSize + 1 });
    if (rows.length === 0) await checkMayOpen(user, c);
    const hasMore = rows.length > pageSize;
    const kept = rows.slice(0, pageSize);
    // Newest-first reads come back reversed: a page is always oldest first.
    if (opts.after === undefined) kept.reverse();
    const unread = await repo.unread(c, user.id);
    return [
      kept.map((row) => toMessage(row, user.id)),
      [{ unreades_start: unread.first, unreades_total: unread.total, hasMore }],
    ];
  }

  /** The contacts of a teacher or a student, from the links of the half-year. */
  function contactsFromLinks(
    links: LinkRow[],
    unread: Map<number, number>,
    period: { year: number; ws: number },
  ): ChatContact[] {
    const people = new Map<number, ChatContact>();
    for (const l of links) {
      let person = people.get(l.personId);
      if (!person) {
        person = {
          idid: l.personId,
          fio: fullName(l),
          countMessages: unread.get(l.personId) ?? 0,
          id_type: l.studentGroupId === null ? roles.teacher : roles.student,
          faculty: l.studentGroupId === null ? null : l.facultyId,
          group: l.studentGroupId,
          groupName: l.studentGroupName,
          position: l.position,
          disciplines: [],
        };
        people.set(l.personId, person);
      }
      const key = `${l.disciplineId}/${l.groupId}/${l.subgroupId}/${l.streamId}`;
      const existing = person.disciplines.find(
        (d) => `${d.id_discipline}/${d.id_group}/${d.id_subgroup}/${d.id_stream}` === key,
      );
      if (existing) {
        existing.isElective ||= l.isElective;
        continue;
      }
      const context: ContactContext = {
        year: period.year,
        ws: period.ws,
        id_semester: l.semesterId,
        id_discipline: l.disciplineId,
        discipline: { name: l.disciplineName, nameKg: l.disciplineNameKg, nameEn: l.disciplineNameEn },
        kredit: l.credits,
        id_group: l.groupId,
        groupName: l.groupName,
        id_subgroup: l.subgroupId,
        subgroupName: l.subgroupName,
        id_stream: l.streamId,
        streamName: l.streamName,
        isElective: l.isElective,
      };
      person.disciplines.push(context);
    }
    return [...people.values()];
  }

  return {
    async contacts(user: AuthUser, input: { year?: number; ws?: number }) {
      const current = await currentPeriod();
      const year = input.year ?? current.year;
      const ws = input.ws ?? current.ws;
      if (user.role !== roles.teacher && user.role !== roles.student) {
        return { year, ws, contacts: [], groupChats: [] };
      }
      const role = user.role === roles.teacher ? 'teacher' : 'student';
      const [links, unread, groupUnread] = await Promise.all([
        repo.links({ id: user.id, role }, year, ws),
        repo.unreadBySender(user.id),
        repo.unreadInGroupChats(user.id),
      ]);
      const people = contactsFromLinks(links, unread, { year, ws });
      // Anyone whose messages are unread is listed too, whatever the half-year.
      const known = new Set(people.map((p) => p.idid));
      const others = await repo.people([...unread.keys()].filter((id) => !known.has(id)));
      for (const p of others) {
        people.push({
          idid: p.id,
          fio: fullName(p),
          countMessages: unread.get(p.id) ?? 0,
          id_type: p.role,
          faculty: p.role === roles.student ? p.facultyId : null,
          group: p.groupId,
          groupName: p.groupName,
          position: p.position,
          disciplines: [],
        });
      }
      people.sort((a, b) => a.fio.localeCompare(b.fio, 'ru') || a.idid - b.idid);

      // Group chats: a student's own group; a teacher's groups and streams of the half-year.
      const unreadIn = (type: number, id: number) =>
        groupUnread.filter((g) => g.recipientType === type && g.recipientId === id).reduce((n, g) => n + g.n, 0);
      const groupChats: GroupChat[] = [];
      if (user.role === roles.student && user.groupId !== null) {
        const group = await repo.groupName(user.groupId);
        if (group) {
          groupChats.push({
            id_group: user.groupId,
            id_stream: null,
            name: group.name,
            nameKg: '',
            nameEn: '',
            countMessages:
              unreadIn(chatRecipientTypes.group, user.groupId) +
              group.streams.reduce((n, s) => n + unreadIn(chatRecipientTypes.stream, s), 0),
          });
        }
      } else if (user.role === roles.teacher) {
        for (const chat of await repo.teacherGroupChats(user.id, year, ws)) {
          const [own, other, id] =
            chat.groupId !== null
              ? [chatRecipientTypes.group, chatRecipientTypes.stream, chat.groupId]
              : [chatRecipientTypes.stream, chatRecipientTypes.group, chat.streamId as number];
          groupChats.push({
            id_group: chat.groupId,
            id_stream: chat.streamId,
            name: chat.name,
            nameKg: chat.nameKg,
            nameEn: chat.nameEn,
            countMessages: unreadIn(own, id) + chat.streamGroups.reduce((n, s) => n + unreadIn(other, s), 0),
          });
        }
      }
      const pseudo: ChatContact[] = groupChats.length
        ? [
            {
              idid: groupChatId,
              fio: groupChatName,
              countMessages: groupUnread.reduce((n, g) => n + g.n, 0),
              id_type: roles.student,
              faculty: 1,
              group: -1,
              groupName: null,
              position: null,
              disciplines: [],
            },
          ]
        : [];
      return { year, ws, contacts: [...pseudo, ...people], groupChats };
    },

    /** The newest page of a conversation, kept ready (see newestPages). */
    async newest(user: AuthUser, input: ConversationInput): Promise<JsonReply<ChatPage>> {
      const key = `${user.id}:${conversationKey(resolve(user, input))}`;
      const page = await newestPages.get(key, async () => {
        const data = await pageOf(user, resolve(user, input), {});
        return { reply: new JsonReply(data), empty: data[0].length === 0 };
      });
      if (page.empty) newestPages.delete(key);
      else keptFor.set(user.id, (keptFor.get(user.id) ?? new Set<string>()).add(key));
      return page.reply;
    },

    /** Drops the pages a chat notice concerns (null, after a gap: every page). */
    forget(payload: string | null) {
      if (payload === null) {
        newestPages.clear();
        keptFor.clear();
        return;
      }
      let notice: ChatNotice;
      try {
        notice = JSON.parse(payload) as ChatNotice;
      } catch {
        newestPages.clear();
        keptFor.clear();
        return;
      }
      forgetPeople(notice.k === 'r' ? [notice.by, notice.from] : notice.u);
    },

    older: (user: AuthUser, input: ConversationInput, before: number) => pageOf(user, resolve(user, input), { before }),

    newer: (user: AuthUser, input: ConversationInput, after: number) => pageOf(user, resolve(user, input), { after }),

    /** The group chat's messages after `after`; without it, from the caller's oldest unread one (none: empty). */
    async groupUnread(user: AuthUser, input: { id_group?: number; id_stream?: number }, after?: number) {
      const c = resolve(user, { ...input, id_to: groupChatId });
      if (after !== undefined) return pageOf(user, c, { after });
      const unread = await repo.unread(c, user.id);
      if (unread.total === 0) {
        await checkMayOpen(user, c);
        return [[], [{ unreades_start: 0, unreades_total: 0, hasMore: false }]] satisfies ChatPage;
      }
      return pageOf(user, c, { after: unread.first - 1 });
    },

    /**
     * Unread messages at a glance: from whom (people, most first, at most `limit`), the total, and how many in group
     * chats (as the contacts list counts them).
     */
    async unreadSummary(user: AuthUser, limit = 5) {
      const [bySender, groupUnread] = await Promise.all([
        repo.unreadBySender(user.id),
        repo.unreadInGroupChats(user.id),
      ]);
      const top = [...bySender].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
      const names = new Map((await repo.people(top.map(([id]) => id))).map((p) => [p.id, fullName(p)]));
      const groups = groupUnread.reduce((n, g) => n + g.n, 0);
      const people = top.map(([id, count]) => ({ id, name: names.get(id) ?? '', count }));
      return { total: [...bySender.values()].reduce((n, c) => n + c, 0) + groups, people, groups };
    },

    async count(user: AuthUser) {
      return { count: await repo.unreadTotal(user.id) };
    },

    async read(user: AuthUser, id: number) {
      const senderId = await repo.markRead(id, user.id);
      if (senderId === null && !(await repo.participation(id, user.id))) throw noMessage();
      return { id_message: id, changed: senderId !== null, count: await repo.unreadTotal(user.id) };
    },

    async readAll(user: AuthUser, input: Partial<ConversationInput>) {
      const c = input.id_to === undefined ? null : resolve(user, { ...input, id_to: input.id_to });
      const changed = await repo.markAllRead(user.id, c);
      return { marked: changed.length, count: await repo.unreadTotal(user.id) };
    },

    async remove(user: AuthUser, id: number) {
      const part = await repo.participation(id, user.id);
      if (!part) throw noMessage();
      if (part.senderId !== user.id) throw new AppError('forbidden', 'Only the author can delete a message.');
      const deleted = await repo.delete(id);
      if (!deleted) throw noMessage();
      // The message is gone; a file that cannot be removed now is left behind rather than failing the call.
      await Promise.allSettled(deleted.keys.map((key) => storage.delete(key)));
      return { id_message: id, deleted: true as const };
    },

    async insert(
      user: AuthUser,
      input: InsertInput,
      uploads: UploadedFile[],
      remember: Remember = rememberNothing,
    ): Promise<ChatMessage> {
      // A file input left empty arrives as a part with no name and no bytes.
      const files = uploads.filter((f) => f.fileName || f.size > 0);
      if (files.length > chatLimits.filesMax) {
        throw validationError([{ path: ['files'], rule: 'too_many', params: { max: chatLimits.filesMax } }]);
      }
      if (input.text === '' && files.length === 0) {
        throw validationError([{ path: ['text'], rule: 'text_or_file' }]);
      }
      let given = files.map((f) => f.fileName || '');
      if (input.fileName?.some((n) => n !== '')) {
        const names = input.fileName.flatMap((n) => n.split(chatFileNameSeparator));
        if (names.length !== files.length) {
          throw validationError([
            { path: ['fileName'], rule: 'one_name_per_file', params: { files: files.length, names: names.length } },
          ]);
        }
        given = names;
      }

      // Who it goes to, and whether the caller may write there.
      if (user.role !== roles.teacher && user.role !== roles.student) throw mayNotWrite();
      const c = resolve(user, input);
      let recipientType: number;
      let recipientId: number;
      let recipients: number[];
      let contextGroup: number | null;
      const period = await currentPeriod();
      if (c.kind === 'person') {
        const peer = c.peerId === user.id ? null : await repo.person(c.peerId);
        const pairOk =
          peer !== null &&
          ((user.role === roles.teacher && peer.role === roles.student) ||
            (user.role === roles.student && peer.role === roles.teacher));
        if (!peer || !pairOk || !(await mayTalk(user, c))) throw mayNotWrite();
        recipientType = peer.role === roles.teacher ? chatRecipientTypes.teacher : chatRecipientTypes.student;
        recipientId = peer.id;
        recipients = [peer.id];
        contextGroup = user.role === roles.student ? user.groupId : peer.groupId;
      } else if (c.kind === 'group') {
        if (!(await mayTalk(user, c))) throw mayNotWrite();
        recipientType = chatRecipientTypes.group;
        recipientId = c.groupId;
        const [students, teachers] = await Promise.all([
          repo.studentsOfGroup(c.groupId),
          user.role === roles.student ? repo.teachersOfGroup(c.groupId, period.year, period.ws) : [],
        ]);
        recipients = [...new Set([...students, ...teachers])].filter((id) => id !== user.id);
        contextGroup = c.groupId;
      } else {
        if (!(await mayTalk(user, c))) throw mayNotWrite();
        recipientType = chatRecipientTypes.stream;
        recipientId = c.streamId;
        recipients = (await repo.studentsOfStream(c.streamId)).filter((id) => id !== user.id);
        contextGroup = null;
      }

      // The context: it must name things that exist, and a subgroup of the group concerned.
      if (input.id_discipline !== undefined && !(await repo.disciplineExists(input.id_discipline))) {
        throw validationError([{ path: ['id_discipline'], rule: 'unknown_record' }]);
      }
      if (input.id_subgroup !== undefined) {
        const groupOfSubgroup = await repo.subgroupGroup(input.id_subgroup);
        const allowed =
          c.kind === 'stream' ? await repo.streamGroups(c.streamId) : contextGroup === null ? [] : [contextGroup];
        if (groupOfSubgroup === null || !allowed.includes(groupOfSubgroup)) {
          throw validationError([{ path: ['id_subgroup'], rule: 'not_in_conversation' }]);
        }
        if (c.kind === 'stream') contextGroup = groupOfSubgroup;
      }

      const names = uniqueNames(given.map(sanitizeFileName));
      await deps.files.checkQuota(
        user.id,
        files.reduce((n, f) => n + f.size, 0),
      );
      // Files are stored under the message's id, reserved first; without files the insert takes one statement.
      const reserved = files.length ? await repo.nextId() : undefined;
      const message = {
        senderId: user.id,
        senderType: user.role,
        recipientType,
        recipientId,
        text: input.text,
        academicYear: input.year ?? period.year,
        halfYearKind: input.ws ?? period.ws,
        disciplineId: input.id_discipline ?? null,
        credits: input.kredit ?? null,
        groupId: contextGroup,
        subgroupId: input.id_subgroup ?? null,
        isElective: input.isElective,
      };
      const kinds = files.map((f) => (f.field === 'photos' ? 'photo' : 'file') as NewAttachment['kind']);
      const contentTypes = await Promise.all(
        files.map((f, i) => (kinds[i] === 'photo' ? sniffImage(f.tempPath) : null)),
      );
      // The reply: what the transaction wrote.
      const reply = (inserted: InsertedMessage, attachments: NewAttachment[]) =>
        toMessage(
          {
            ...message,
            id: inserted.id,
            createdAt: inserted.createdAt,
            senderName: user.fullName,
            attachments: attachments.map((a, i) => ({
              id: inserted.attachmentIds[i] as number,
              name: a.name,
              size: a.size,
              kind: a.kind,
            })),
            isRead: false,
          },
          user.id,
        );
      const sent = await commitUploads(
        storage,
        files.map((f) => ({ tempPath: f.tempPath, keyPrefix: `chat/${reserved}` })),
        async (staged, promote) => {
          const attachments: NewAttachment[] = staged.map((f, i) => ({
            kind: kinds[i] as NewAttachment['kind'],
            name: names[i] as string,
            size: f.size,
            storageKey: f.key,
            contentType: contentTypes[i] ?? null,
          }));
          let made: ChatMessage | undefined;
          const finish =
            staged.length || remember !== rememberNothing
              ? async (tx: Db, inserted: InsertedMessage) => {
                  made = reply(inserted, attachments);
                  await remember(tx, made);
                  await promote(tx);
                }
              : undefined;
          const inserted = await repo.insert({ ...message, id: reserved }, recipients, attachments, finish);
          return { id: inserted.id, message: made ?? reply(inserted, attachments) };
        },
      );
      return sent.message;
    },

    /** An attachment for a participant: as a download, or (`photo`) inline when its bytes are a safe image. */
    async file(user: AuthUser, attachmentId: number, as: 'download' | 'photo'): Promise<ChatFile> {
      const attachment = await repo.attachment(attachmentId, user.id);
      const file = attachment ? await storage.get(attachment.storageKey) : null;
      if (!attachment || !file) throw noFile();
      const inline = as === 'photo' && attachment.kind === 'photo' && attachment.contentType !== null;
      return {
        stream: file.stream,
        size: file.size,
        name: attachment.name,
        contentType: inline ? (attachment.contentType as string) : downloadType(attachment.name),
        disposition: inline ? 'inline' : 'attachment',
      };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
