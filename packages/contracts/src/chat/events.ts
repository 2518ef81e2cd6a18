import * as z from 'zod/mini';
import { chatMessage } from './message.ts';

/**
 * The chat's WebSocket: GET /api/chat/ws, upgraded to a WebSocket. It is not part of the JSON registry.
 *
 * - Authentication: the same session as HTTP (the `token` cookie, or `Authorization: Bearer`). Without a valid session
 *   the upgrade is refused with HTTP 401 (the error envelope); a browser page of another site (an `Origin` whose host
 *   is not the server's) with 403.
 * - The server sends JSON text frames, one `ChatServerEvent` each, to the people concerned, whichever server
 *   instance they are connected to (instances share events through PostgreSQL LISTEN/NOTIFY): `ready` on connect,
 *   and again on an open socket when the server may have missed events (its database notifications were cut off and
 *   are back): the client then fetches what it shows afresh, as after a reconnect; `message` when a message the user sent or received is created (also to the sender's other tabs);
 *   `read` when messages are read (to their sender and to the reader); `delete` when a message is deleted (to its
 *   sender and recipients); `qr` to a teacher when a scan of their QR check-in is recorded;
 *   `home` when what the user's home shows changed; `notifications` with the user's unread count when it changes.
 * - The client may send `{"type":"ping"}`; the server answers `{"type":"pong"}`. Anything else is ignored. The server
 *   also pings at the protocol level every 30 s and drops connections that do not answer.
 * - The server closes the socket with code 4401 when the session ends (logout, password change, expiry): sign in again.
 *   On any close the client reconnects with a backoff; the JSON endpoints (new.json, count.json) keep working
 *   without the socket and are how a client catches up after a reconnect.
 */
export const chatSocketPath = '/api/chat/ws';

/** Close codes of the chat socket, beyond the standard ones. */
export const chatSocketCloseCodes = { sessionEnded: 4401 } as const;

export const chatServerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.number() }),
  /** A new message, as the receiving user would get it from messages.json (`ismine` set for them). */
  z.object({ type: z.literal('message'), message: chatMessage }),
  /** `id_reader` has read these messages of `id_from` (the reader's own tabs get it too, to update their counts). */
  z.object({
    type: z.literal('read'),
    id_reader: z.number(),
    id_from: z.number(),
    ids: z.array(z.number()),
  }),
  z.object({ type: z.literal('delete'), id_message: z.number() }),
  z.object({ type: z.literal('pong') }),
  /** QR check-in: a scan was recorded in the teacher's check-in; the counts of students accepted and refused so far. */
  z.object({ type: z.literal('qr'), sessionId: z.number(), accepted: z.number(), refused: z.number() }),
  /** Notifications: the user's unread count changed (a notification made, or read on another device). */
  z.object({ type: z.literal('notifications'), unread: z.number() }),
  /** What the user's home shows changed (a reference was issued, say): fetch home/summary.json again. */
  z.object({ type: z.literal('home') }),
]);
export type ChatServerEvent = z.infer<typeof chatServerEvent>;

export const chatClientEvent = z.object({ type: z.literal('ping') });
export type ChatClientEvent = z.infer<typeof chatClientEvent>;
