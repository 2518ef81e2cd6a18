import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { formFlag, formList, textField } from '../fields.ts';
import {
  chatCredits,
  chatHalfYear,
  chatId,
  chatLimits,
  chatMessage,
  chatYear,
  conversationFields,
  oneOfGroupOrStream,
  oneOfGroupOrStreamMessage,
} from './message.ts';

/**
 * The form fields of chat.insert (multipart/form-data). Files go in repeated `files` parts, photos in `photos` parts
 * (any other part name counts as a file); a file input left empty (no name, no bytes) is ignored.
 */
export const chatInsertFields = {
  text: 'text',
  /** The person's user id, or -1 for the group chat. */
  id_to: 'id_to',
  /** Group chat: the group (students: their own, may be left out) or the stream (teachers) to write to. */
  id_group: 'id_group',
  id_stream: 'id_stream',
  /** Context: academic year and half-year (the current ones by default), discipline, credits, subgroup, elective. */
  year: 'year',
  ws: 'ws',
  id_discipline: 'id_discipline',
  kredit: 'kredit',
  id_subgroup: 'id_subgroup',
  isElective: 'isElective',
  /** Optional display names of the files and photos, in their order: repeated, or one field joined by ';!;'. */
  fileName: 'fileName',
  files: 'files',
  photos: 'photos',
} as const;

/** The spec's separator of attachment names in `fileName`. */
export const chatFileNameSeparator = ';!;';

export const chatInsert = defineEndpoint({
  id: 'chat.insert',
  method: 'POST',
  path: '/api/chat/insert.json',
  access: 'authenticated',
  requestKind: 'multipart',
  idempotent: true,
  summary: `Send a message (multipart form). To a person: \`id_to\` their user id (a teacher writes to their students, a student to their teachers). To the group chat: \`id_to\` -1 with \`id_group\` (a student: their own group, may be left out; a teacher: a group they teach) or \`id_stream\` (a teacher: a stream they teach); the message reaches every student of the group or stream, and a student's also the group's teachers of the current half-year. Anyone else: 403. Fields: text (at most ${chatLimits.textMax} characters; required unless something is attached), context (year, ws, id_discipline, kredit, id_subgroup, isElective), fileName (optional display names, one per attachment, repeated or joined by ';!;'), and up to ${chatLimits.filesMax} parts in \`files\` and \`photos\`. Each file is at most config.json's maxUploadMb (413 beyond). Answers with the new message; everyone concerned is told (WebSocket 'message').`,
  request: z
    .object({
      text: textField(chatLimits.textMax),
      ...conversationFields,
      year: z.optional(chatYear),
      ws: z.optional(chatHalfYear),
      id_discipline: z.optional(chatId),
      kredit: z.optional(chatCredits),
      id_subgroup: z.optional(chatId),
      isElective: formFlag,
      fileName: z.optional(formList),
    })
    .check(z.refine(oneOfGroupOrStream, oneOfGroupOrStreamMessage)),
  response: chatMessage,
});
