import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { chatCursor, chatPage, groupChatFields, oneOfGroupOrStream, oneOfGroupOrStreamMessage } from './message.ts';

export const chatGroupMessages = defineEndpoint({
  id: 'chat.groupMessages',
  method: 'POST',
  path: '/api/chat/group/messages.json',
  access: 'authenticated',
  summary:
    "The newest page (20) of a group chat, oldest first, with the info record (as messages.json). A student's is their own group's (`id_group` may be left out); a teacher gives `id_group` (a group they teach) or `id_stream` (a stream they teach). The chat of a group holds the messages to it and to its streams; a stream's, those to it and to its groups; the caller only ever sees the messages they sent or received. 404 for a group or stream that is not the caller's.",
  request: z
    .object({ ...callerEcho, ...groupChatFields })
    .check(z.refine(oneOfGroupOrStream, oneOfGroupOrStreamMessage)),
  response: chatPage,
});

export const chatGroupUnread = defineEndpoint({
  id: 'chat.groupUnread',
  method: 'POST',
  path: '/api/chat/group/messages/unread.json',
  access: 'authenticated',
  summary:
    "The unread variant of group/messages.json: the group chat's messages newer than `id_lastMessage` (the newest one the client has), oldest first, 20 at most; without `id_lastMessage`, from the caller's oldest unread message of the chat (an empty page when everything is read). `hasMore` says newer messages remain.",
  request: z
    .object({ ...callerEcho, ...groupChatFields, id_lastMessage: z.optional(chatCursor) })
    .check(z.refine(oneOfGroupOrStream, oneOfGroupOrStreamMessage)),
  response: chatPage,
});
