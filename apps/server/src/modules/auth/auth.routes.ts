import { enticate } from '@okuu/contracts/auth/enticate';
import { logout } from '@okuu/contracts/auth/logout';
import { orize } from '@okuu/contracts/auth/orize';
import { recovery } from '@okuu/contracts/auth/recovery';
import { updateLogin } from '@okuu/contracts/auth/update-login';
import { AppError } from '../../lib/app-error.ts';
import { JsonReply } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import { clearSessionCookie, requestToken, setSessionCookie } from '../../plugins/auth.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { type AuthService, toSessionUser } from './auth.service.ts';

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
