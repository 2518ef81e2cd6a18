import { enticate } from '@okuu/contracts/auth/enticate';
import { logout } from '@okuu/contracts/auth/logout';
import { orize } from '@okuu/contracts/auth/orize';
import { recovery } from '@okuu/contracts/auth/recovery';
import { updateLogin } from '@okuu/contracts/auth/update-login';
import { portalRoles } from '@okuu/contracts/endpoint';
import { AppError } from '../../lib/app-error.ts';
import type { Platform } from '../../lib/platform.ts';
import { JsonReply } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import { clearSessionCookie, requestToken, setSessionCookie } from '../../plugins/auth.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createAuthRepository } from './auth.repository.ts';
import { type AuthService, createAuthService, toSessionUser } from './auth.service.ts';
import { createSessionCache } from './session-cache.ts';

export function authRoutes(
  auth: AuthService,
  cookie: { maxAgeMs: number; secure: 'auto' | 'true' | 'false' },
): Binding[] {
  // Every page load asks who is signed in: the reply is encoded once per session lookup the cache keeps.
  const whoReplies = new WeakMap<AuthUser, JsonReply<{ user: ReturnType<typeof toSessionUser> }>>();
  const whoReply = (user: AuthUser) => {
    let reply = whoReplies.get(user);
    if (!reply) {
      reply = new JsonReply({ user: toSessionUser(user) });
      whoReplies.set(user, reply);
    }
    return reply;
  };

  return [
    bind(orize, async ({ input, request, reply }) => {
      const { token, user } = await auth.signIn(input.login, input.password, request.ip);
      setSessionCookie(request, reply, token, cookie.maxAgeMs, cookie.secure);
      return { user: toSessionUser(user) };
    }),

    bind(enticate, async ({ input, session }) => {
      const user = input.token ? await auth.resolveToken(input.token) : session;
      if (!user) throw new AppError('unauthenticated', 'The session has ended. Sign in again.');
      return whoReply(user);
    }),

    bind(recovery, async ({ input, request }) => ({
      LOG_PAS: await auth.recoveryState(input.oldlog, input.oldpas, request.ip),
    })),

    bind(updateLogin, async ({ input, request }) => auth.updateCredentials(input, request.ip)),

    bind(logout, async ({ request, reply }) => {
      await auth.signOut(requestToken(request));
      clearSessionCookie(reply);
      return { loggedOut: true };
    }),
  ];
}

/** Sign-in and sessions. */
export function authModule(p: Platform) {
  const { config } = p;
  const service = createAuthService({
    repo: createAuthRepository(p.db, p.changes),
    sessionTtlMs: config.sessionTtlMs,
    limits: config.loginLimits,
    portalRoles,
    cache: createSessionCache({ ttlMs: config.sessionCacheMs, maxEntries: 100_000 }),
  });
  return { service, routes: authRoutes(service, { maxAgeMs: config.sessionTtlMs, secure: config.cookieSecure }) };
}
