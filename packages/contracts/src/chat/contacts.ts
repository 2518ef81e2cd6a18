import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { localizedName, namedRecord } from '../fields.ts';
import { chatHalfYear, chatYear } from './message.ts';

/** One way two people are linked in a half-year: a discipline taught to a group, stream or subgroup, or registered. */
export const contactContext = z.object({
  year: z.number(),
  ws: z.number(),
  id_semester: z.number(),
  id_discipline: z.number(),
  discipline: z.object(localizedName),
  kredit: z.number(),
  /** The student's group. */
  id_group: z.number(),
  groupName: z.string(),
  id_subgroup: z.nullable(z.number()),
  subgroupName: z.nullable(z.string()),
  id_stream: z.nullable(z.number()),
  streamName: z.nullable(z.string()),
  isElective: z.boolean(),
});
export type ContactContext = z.infer<typeof contactContext>;

/**
 * A contact (spec: Contact): `idid` the user id, `fio` the full name, `countMessages` the messages from them the caller
 * has not read. `id_type` is their role (1 teacher, 2 student). `group` and `faculty` are a student's group and
 * faculty ids (null for teachers); `groupName` the group's name, `position` a teacher's in the three languages. `disciplines` lists how the two are
 * linked in the half-year asked for. The group-chat pseudo-contact comes first: idid -1, fio 'Групповой чат',
 * faculty 1, group -1, id_type 2, countMessages the unread messages of every group chat of the caller.
 */
export const chatContact = z.object({
  idid: z.number(),
  fio: z.string(),
  countMessages: z.number(),
  id_type: z.number(),
  faculty: z.nullable(z.number()),
  group: z.nullable(z.number()),
  groupName: z.nullable(z.string()),
  position: z.nullable(namedRecord),
  disciplines: z.array(contactContext),
});
export type ChatContact = z.infer<typeof chatContact>;

/** A group chat the caller can open: a group (students: their own; teachers: the groups they teach) or a stream. */
export const groupChat = z.object({
  id_group: z.nullable(z.number()),
  id_stream: z.nullable(z.number()),
  /** The group's name (kg and en: ''), or the stream's in the three languages. */
  ...localizedName,
  countMessages: z.number(),
});
export type GroupChat = z.infer<typeof groupChat>;

export const chatContacts = defineEndpoint({
  id: 'chat.contacts',
  method: 'POST',
  path: '/api/chat/contacts.json',
  access: 'authenticated',
  summary:
    "The caller's contacts for a half-year (`year`, `ws`; the current one by default): a teacher's students and a student's teachers, linked by teaching assignments (of a group, a stream or a subgroup) and registrations, each with its unread count and the disciplines that link them; also anyone whose messages to the caller are unread. The group-chat pseudo-contact (idid -1) comes first when the caller has a group chat; `groupChats` lists them (students: their group; teachers: the groups and streams they teach). Staff have no contacts.",
  request: z.object({ ...callerEcho, year: z.optional(chatYear), ws: z.optional(chatHalfYear) }),
  response: z.object({
    year: z.number(),
    ws: z.number(),
    contacts: z.array(chatContact),
    groupChats: z.array(groupChat),
  }),
});
