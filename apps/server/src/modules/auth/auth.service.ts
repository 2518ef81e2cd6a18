import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@okuu/contracts/auth/user';
import { strongPassword } from '@okuu/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { type AuthUser, hashToken, sessionsChannel } from '../../lib/session.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { SessionCache } from './session-cache.ts';

const failureWindowMs = 15 * 60_000;

export const weakPasswordMessage =
  'The new password needs at least 6 characters, with a digit, an upper-case and a lower-case letter.';

const hashBytes = (hex: string) => Buffer.from(hex, 'hex');

export function toSessionUser(user: AuthUser): SessionUser {
  return {
    id: user.id,
    uid: user.id,
    role: user.role,
    login: user.login,
    fullName: user.fullName,
    group: user.groupName,
    position: user.position,
    facultyId: user.facultyId,
    newsPerms: user.newsPerms,
  };
}

export function createAuthService(deps: {
  repo: AuthRepository;
  sessionTtlMs: number;
  failureLimit: number;
  cache: SessionCache;
  notify: (channel: string, payload: string) => Promise<void>;
}) {
  const { repo, cache } = deps;
  /** Session lookups under way, by token hash. */
  const lookups = new Map<string, Promise<AuthUser | null>>();
  /** Counts the revocations applied, so that a lookup overtaken by one keeps nothing. */
  let revocations = 0;

  /** Ends sessions here and tells the other instances to drop them from their caches. */
  async function revoked(message: string) {
    applyRevocation(message);
    await deps.notify(sessionsChannel, message);
  }

  function applyRevocation(message: string) {
    revocations++;
    if (message.startsWith('s:')) cache.forgetSession(message.slice(2));
    else if (message.startsWith('u:')) cache.forgetUser(Number(message.slice(2)));
  }

  /** Refuses when the account or the address has too many recent failures. */
  async function checkNotLocked(login: string, ip: string): Promise<void> {
    const since = new Date(Date.now() - failureWindowMs);
    const { byLogin, byIp } = await repo.countRecentFailures(login, ip, since);
    if (byLogin >= deps.failureLimit || byIp >= deps.failureLimit) {
      throw new AppError('rate_limited', 'Too many failed sign-in attempts. Try again in 15 minutes.');
    }
  }

  /** Checks a login and password; a failure is recorded and null returned. */
  async function verifyCredentials(login: string, password: string, ip: string) {
    await checkNotLocked(login, ip);
    const account = await repo.findCredentials(login);
    const ok = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!account || !ok) {
      await repo.recordFailure(login, ip);
      return null;
    }
    return account;
  }

  async function openSession(userId: number, ip: string): Promise<{ token: string; user: AuthUser }> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashBytes(hashToken(token));
    await repo.createSession(userId, tokenHash, new Date(Date.now() + deps.sessionTtlMs), ip);
    const user = await repo.findSessionUser(tokenHash);
    if (!user) throw new Error('A session just created was not found');
    return { token, user };
  }

  return {
    /** Applies a revocation announced by another instance. */
    applyRevocation,

    async resolveToken(token: string): Promise<AuthUser | null> {
      if (token.length === 0 || token.length > 200) return null;
      const key = hashToken(token);
      const cached = cache.get(key);
      if (cached) return cached;
      // Requests with the same session arriving together (a page load, many tabs) share one lookup.
      let lookup = lookups.get(key);
      if (!lookup) {
        const seen = revocations;
        lookup = repo
          .findSessionUser(hashBytes(key))
          .then((user) => {
            // A revocation that arrived meanwhile may concern this session: then it is not kept.
            if (user && seen === revocations) cache.set(key, user);
            return user;
          })
          .finally(() => lookups.delete(key));
        lookups.set(key, lookup);
      }
      return lookup;
    },

    async signIn(login: string, password: string, ip: string) {
      const account = await verifyCredentials(login, password, ip);
      if (!account) throw new AppError('bad_credentials', 'Wrong login or password.');
      if (account.mustChangeCredentials) {
        throw new AppError('credentials_change_required', 'The issued login and password must be changed first.');
      }
      return openSession(account.id, ip);
    },

    /** LOG_PAS: 1 only for valid credentials that still have to be changed. */
    async recoveryState(login: string, password: string, ip: string): Promise<0 | 1> {
      const account = await verifyCredentials(login, password, ip);
      return account?.mustChangeCredentials ? 1 : 0;
    },

    async updateCredentials(input: { oldlog: string; oldpas: string; newlog: string; newpas: string }, ip: string) {
      const fail = (code: 'bad_credentials' | 'weak_password' | 'login_taken', message: string) =>
        new AppError(code, message, [[{ sms: message }]]);
      const account = await verifyCredentials(input.oldlog, input.oldpas, ip);
      if (!account) throw fail('bad_credentials', 'Wrong login or password.');
      if (!strongPassword.test(input.newpas)) throw fail('weak_password', weakPasswordMessage);
      if (await repo.loginTakenByOther(input.newlog, account.id)) {
        throw fail('login_taken', 'This login is already taken. Choose another one.');
      }
      await repo.setCredentials(account.id, input.newlog, await hashPassword(input.newpas));
      await repo.revokeUserSessions(account.id, null);
      await revoked(`u:${account.id}`);
      return [[{ sms: 'Логин и пароль изменены' }]];
    },

    async signOut(token: string | undefined): Promise<void> {
      if (!token) return;
      const key = hashToken(token);
      await repo.revokeSession(hashBytes(key));
      await revoked(`s:${key}`);
    },

    async changePassword(user: AuthUser, oldPassword: string, newPassword: string, _ip: string): Promise<void> {
      const hash = await repo.findPasswordHash(user.id);
      if (!hash || !(await verifyPassword(hash, oldPassword))) {
        throw new AppError('wrong_password', 'The old password is wrong.');
      }
      if (!strongPassword.test(newPassword)) throw new AppError('weak_password', weakPasswordMessage);
      await repo.setPassword(user.id, await hashPassword(newPassword));
      await repo.revokeUserSessions(user.id, user.sessionId);
      // The caller's own session stays; the cache drops all of the user's entries and refills this one on next use.
      await revoked(`u:${user.id}`);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
