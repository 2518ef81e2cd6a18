import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../lib/app-error.ts';
import type { RealtimeHub } from '../lib/realtime-hub.ts';
import { type AuthUser, hashToken, type SessionResolver } from '../lib/session.ts';
import { authorize, requestToken } from './auth.ts';
import { originAllowed } from './origin-check.ts';

/** Open sockets one user may have on one instance (tabs and devices). */
export const maxSocketsPerUser = 32;

interface Client {
  socket: WebSocket;
  user: AuthUser;
  token: string;
  tokenHash: string;
  alive: boolean;
}

/**
 * A cookie-authenticated WebSocket endpoint at `path`: the upgrade is refused (401, the error envelope) without a
 * valid session, and (403) when a page of another site asks. Sockets end with `closeCode` when their session ends:
 * at logout or password change on any instance (`sessionsChanged`), or at its expiry. Clients may send
 * `{"type":"ping"}` and get `{"type":"pong"}`; protocol-level pings every `heartbeatMs` drop dead connections.
 */
export async function registerRealtime(
  app: FastifyInstance,
  opts: {
    path: string;
    auth: SessionResolver;
    closeCode: number;
    /** As for state-changing calls (see origin-check.ts). */
    allowedOrigins: ReadonlySet<string>;
    /** The first event a socket gets. */
    ready: (user: AuthUser) => unknown;
    heartbeatMs?: number;
  },
): Promise<RealtimeHub & { sessionsChanged(message: string | null): void }> {
  const clients = new Map<number, Set<Client>>();
  const sessions = new WeakMap<FastifyRequest, { user: AuthUser; token: string }>();
  let open = 0;

  const drop = (client: Client, code: number, reason: string) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.close(code, reason);
  };

  // The socket plugin's hooks run for the socket's path only, not for every request.
  await app.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
    scope.get(
      opts.path,
      {
        websocket: true,
        preValidation: async (request) => {
          if (!originAllowed(request, opts.allowedOrigins)) {
            throw new AppError('foreign_origin', 'Only pages of this portal may open the chat socket.');
          }
          const user = await authorize(opts.auth, request, 'authenticated');
          const token = requestToken(request);
          if (!user || !token) throw new AppError('unauthenticated', 'Sign in to continue.');
          sessions.set(request, { user, token });
        },
      },
      (socket, request) => {
        const session = sessions.get(request);
        if (!session) {
          socket.close(1011, 'no session');
          return;
        }
        const client: Client = {
          socket,
          user: session.user,
          token: session.token,
          tokenHash: hashToken(session.token),
          alive: true,
        };
        let set = clients.get(client.user.id);
        if (!set) {
          set = new Set();
          clients.set(client.user.id, set);
        }
        set.add(client);
        open++;
        // A user's sockets are capped: beyond, the oldest (a forgotten tab, most likely) is closed.
        while (set.size > maxSocketsPerUser) {
          const oldest = set.values().next().value as Client;
          set.delete(oldest); // at once: its close completes later
          drop(oldest, 1008, 'too many connections');
        }
        socket.on('message', (data, isBinary) => {
          if (isBinary) return;
          try {
            const event = JSON.parse(String(data)) as { type?: unknown };
            if (event?.type === 'ping') socket.send('{"type":"pong"}');
          } catch {
            /* not JSON: ignored */
          }
        });
        socket.on('pong', () => {
          client.alive = true;
        });
        socket.on('error', () => {
          /* a connection torn down mid-frame; 'close' follows */
        });
        socket.on('close', () => {
          open--;
          const mine = clients.get(client.user.id);
          mine?.delete(client);
          if (mine?.size === 0) clients.delete(client.user.id);
        });
        socket.send(JSON.stringify(opts.ready(client.user)));
      },
    );
  });

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const set of clients.values()) {
      for (const client of set) {
        if (client.user.sessionExpiresAt.getTime() <= now) {
          drop(client, opts.closeCode, 'session ended');
        } else if (!client.alive) {
          client.socket.terminate();
        } else {
          client.alive = false;
          client.socket.ping();
        }
      }
    }
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref();

  // Shutting down (SIGTERM, a rolling restart): before the server stops, every socket is closed with 1012 (service
  // restart), which tells the client to reconnect, and the proxy sends it to another instance.
  app.addHook('preClose', async () => {
    for (const set of clients.values()) for (const client of set) drop(client, 1012, 'service restart');
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
  });

  return {
    present(userIds) {
      const here: number[] = [];
      for (const id of userIds) if (clients.has(id)) here.push(id);
      return here;
    },
    send(userId, event) {
      const set = clients.get(userId);
      if (!set) return 0;
      const text = JSON.stringify(event);
      let sent = 0;
      for (const client of set) {
        if (client.socket.readyState !== client.socket.OPEN) continue;
        if (client.user.sessionExpiresAt.getTime() <= Date.now()) {
          drop(client, opts.closeCode, 'session ended');
          continue;
        }
        client.socket.send(text);
        sent++;
      }
      return sent;
    },
    size: () => open,
    /**
     * Sessions that end anywhere end their sockets here (topic `sessions`). Null: announcements were cut off and are
     * back; sessions may have ended meanwhile (the auth service has forgotten its cached lookups by now), and events
     * were missed: each socket is checked again and told to refetch (a new `ready`).
     */
    sessionsChanged(message: string | null) {
      if (message === null) {
        setImmediate(() => {
          for (const set of clients.values()) {
            for (const client of set) {
              opts.auth
                .resolveToken(client.token)
                .then((user) => {
                  if (!user) drop(client, opts.closeCode, 'session ended');
                  else if (client.socket.readyState === client.socket.OPEN) {
                    client.socket.send(JSON.stringify(opts.ready(client.user)));
                  }
                })
                .catch(() => {});
            }
          }
        });
      } else if (message.startsWith('s:')) {
        const hash = message.slice(2);
        for (const set of clients.values()) {
          for (const client of set) if (client.tokenHash === hash) drop(client, opts.closeCode, 'session ended');
        }
      } else if (message.startsWith('u:')) {
        // Some of the user's sessions ended (a password change keeps the one that made it): look each one up again,
        // once the auth service has forgotten its cached lookups.
        const set = clients.get(Number(message.slice(2)));
        setImmediate(() => {
          for (const client of set ?? []) {
            opts.auth
              .resolveToken(client.token)
              .then((user) => {
                if (!user) drop(client, opts.closeCode, 'session ended');
              })
              .catch(() => {});
          }
        });
      }
    },
  };
}
