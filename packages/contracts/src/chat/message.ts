import * as z from 'zod/mini';
import { int4 } from '../input-guard.ts';

/** Limits of the chat area, shared by the server (enforced) and the web app (hinted). */
export const chatLimits = {
  /** Messages per page (spec section 9; the same number as config.json's chatPageSize). */
  pageSize: 20,
  /** Characters of a message's text, after trimming. */
  textMax: 4000,
  /** Attachments (files and photos together) per message. */
  filesMax: 10,
  /** Characters of an attachment's display name. */
  fileNameMax: 200,
} as const;

/**
 * Who a message goes to (`id_to_type`): a teacher or a student (`id_to` is the user id), a whole group or a whole
 * stream (`id_to` is the group or stream id). `id_from_type` is the sender's role: 1 teacher, 2 student.
 */
export const chatRecipientTypes = { teacher: 1, student: 2, group: 3, stream: 4 } as const;
export type ChatRecipientType = (typeof chatRecipientTypes)[keyof typeof chatRecipientTypes];

/** The id of the group-chat pseudo-contact (spec: Contact). `id_to: -1` addresses the group chat. */
export const groupChatId = -1;

/** The spec's name of the group-chat pseudo-contact. The web app may show its own translation for idid -1. */
export const groupChatName = 'Групповой чат';

/** A database id as the API accepts it: a positive whole number, or a string of digits. */
export const chatId = z.pipe(
  z.pipe(z.union([z.number(), z.string().check(z.regex(/^\d{1,10}$/, 'must be a whole number'))]), z.transform(Number)),
  z.number().check(z.int('must be a whole number'), z.gte(1, 'must be positive'), z.lte(int4.max, 'is too large')),
);

/** A cursor: a message id, or 0 for "from the very start". */
export const chatCursor = z.pipe(
  z.pipe(z.union([z.number(), z.string().check(z.regex(/^\d{1,10}$/, 'must be a whole number'))]), z.transform(Number)),
  z.number().check(z.int('must be a whole number'), z.gte(0, 'must not be negative'), z.lte(int4.max, 'is too large')),
);

/** The other side of a conversation: a user id, or -1 for the group chat. */
export const peerId = z.pipe(
  z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^-?\d{1,10}$/, 'must be a user id, or -1 for the group chat'))]),
    z.transform(Number),
  ),
  z.number().check(
    z.int('must be a whole number'),
    z.gte(-1, 'must be a user id, or -1 for the group chat'),
    z.lte(int4.max, 'is too large'),
    z.refine((v) => v !== 0, 'must be a user id, or -1 for the group chat'),
  ),
);

const whole = (min: number, max: number, what: string) =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.regex(/^\d{1,6}$/, 'must be a whole number'))]),
      z.transform(Number),
    ),
    z.number().check(z.int('must be a whole number'), z.gte(min, what), z.lte(max, what)),
  );

/** An academic year, by its starting calendar year (2026 for 2026-27). */
export const chatYear = whole(1990, 2100, 'must be an academic year such as 2026');
/** A half-year (the spec's ws): 1 fall, 2 spring, 3 summer. */
export const chatHalfYear = whole(1, 3, 'must be 1 (fall), 2 (spring) or 3 (summer)');
export const chatCredits = whole(0, 100, 'must be between 0 and 100');

/**
 * Which conversation a call is about. A person: `id_to` is their user id. The group chat: `id_to` is -1 and
 * `id_group` picks the group (a student's own group when left out) or, for teachers, `id_stream` a stream they teach.
 * The group chat of a group holds the messages to that group and to the streams it belongs to; a stream's, those to
 * the stream and to its groups. Anyone only ever sees messages they sent or received.
 */
export const conversationFields = {
  id_to: peerId,
  id_group: z.optional(chatId),
  id_stream: z.optional(chatId),
};

/** The group chat alone (group/messages): the same choice of group or stream. */
export const groupChatFields = {
  id_group: z.optional(chatId),
  id_stream: z.optional(chatId),
};

export const oneOfGroupOrStream = (v: { id_group?: number; id_stream?: number }) =>
  v.id_group === undefined || v.id_stream === undefined;
export const oneOfGroupOrStreamMessage = { error: 'give id_group or id_stream, not both', path: ['id_stream'] };

export const chatAttachmentKinds = ['file', 'photo'] as const;

export const chatAttachment = z.object({
  id: z.number(),
  /** Display name (sanitised at upload); unique within its message. */
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  /** 'photo' when sent as a photo (shown inline when it is a png, jpeg, webp or gif image), else 'file'. */
  kind: z.enum(chatAttachmentKinds),
  /** GET address: the photo (inline when safe) for photos, the download (always an attachment) for files. */
  url: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachment>;

/**
 * A chat message (spec: Chat message). The first eleven fields are the spec's; the rest are extras.
 * - `ismine`: the caller sent it.
 * - `id_from_type`: the sender's role (1 teacher, 2 student); `id_to_type` and `id_to`: see chatRecipientTypes.
 * - `id_discipline`, `ws`, `kredit`, `year`: the context it was sent in (discipline and credits may be null).
 * - `created`: ISO 8601, UTC.
 * - `isRead`: for a message the caller received, whether the caller has read it; for the caller's own message,
 *   whether its recipient (of a group or stream message: at least one recipient) has read it.
 */
export const chatMessage = z.object({
  id_message: z.number(),
  message: z.string(),
  ismine: z.boolean(),
  id_from_type: z.number(),
  id_from: z.number(),
  id_to_type: z.number(),
  id_to: z.number(),
  id_discipline: z.nullable(z.number()),
  ws: z.number(),
  kredit: z.nullable(z.number()),
  year: z.number(),
  created: z.string(),
  attachments: z.array(chatAttachment),
  /** The sender's full name. */
  fio: z.string(),
  /** The group (of the student, or the group addressed) and subgroup of the context, when there is one. */
  id_group: z.nullable(z.number()),
  id_subgroup: z.nullable(z.number()),
  isElective: z.boolean(),
  isRead: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * The info record that comes with every page (spec: unreades_start, unreades_total).
 * - `unreades_start`: the id of the oldest message of this conversation the caller has not read (0: none).
 * - `unreades_total`: how many messages of this conversation the caller has not read.
 * - `hasMore`: whether another page exists in the page's direction (older for messages and old, newer for new and
 *   the group chat's unread variant). The spec's rule (fewer than 20 means no more) gives the same answer except
 *   when exactly 20 remained.
 */
export const chatPageInfo = z.object({
  unreades_start: z.number(),
  unreades_total: z.number(),
  hasMore: z.boolean(),
});
export type ChatPageInfo = z.infer<typeof chatPageInfo>;

/** A page: the messages (oldest first) paired with the one-element info record, `[messages, [info]]`. */
export const chatPage = z.tuple([z.array(chatMessage), z.tuple([chatPageInfo])]);
export type ChatPage = z.infer<typeof chatPage>;
