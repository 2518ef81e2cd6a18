import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@okuu/contracts/auth/user';
import { strongPassword } from '@okuu/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { type AuthUser, hashToken, userSessions } from '../../lib/session.ts';
import type { AuthRepository } from './auth.repository.ts';

type Credentials = NonNullable<Awaited<ReturnType<AuthRepository['findCredentials']>>>;

import type { SessionCache } from './session-cache.ts';

/** The window of the pair and address limits, and the longer one of the account limit and a pair's failures. */
const shortWindowMs = 15 * 60_000;
const longWindowMs = 24 * 3600_000;
/** How long a failed recovery check stands for the sign-in the form makes right after it. */
const recoveryCarryMs = 60_000;

/**
 * The sign-in limits. `pair`: failures of one account from one address per 15 minutes, after which that address may
 * not try that account. `account` (per 24 hours) and `address` (across accounts, per 15 minutes): beyond either, only
 * an address that has not failed for the account in 24 hours may still try it, so nobody can lock an account's owner
 * out, and a guesser gets one try per fresh address.
 */
export interface SignInLimits {
  pair: number;
  account: number;
  address: number;
}

/** What failed sign-ins are counted under: the account (lower-case login) and the client address. */
function attemptKeys(login: string, ip: string) {
  const account = login.toLowerCase();
  // An address holds no space: 'ip login' is unambiguous.
  return {
    account: `a:${account}`,
    address: `i:${ip}`,
    pair: `p:${ip} ${account}`,
    pairFailed: `f:${ip} ${account}`,
    recoveryFailed: `r:${ip} ${account}`,
  };
}

const tooManyAttempts = () =>
  new AppError('rate_limited', 'Too many failed sign-in attempts. Try again in 15 minutes.');

export const weakPasswordMessage =
  'The new password needs at least 6 characters, with a digit, an upper-case and a lower-case letter.';

/** The refusal of a new password that breaks strongPassword's rule. */
const weakPassword = (data: unknown = null) =>
  AppError.withParams('weak_password', weakPasswordMessage, { minLength: strongPassword.minLength }, data);

const accountBlocked = () =>
  new AppError('account_blocked', "This account is blocked. Ask the dean's office to unblock it.");

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
  limits: SignInLimits;
  /** Roles that have an area in the portal: any other is refused at sign-in (no session is opened). */
  portalRoles: readonly number[];
  cache: SessionCache;
}) {
  const { repo, cache } = deps;
  /** Session lookups under way, by token hash. */
  const lookups = new Map<string, Promise<AuthUser | null>>();
  /** Counts the revocations applied, so that a lookup overtaken by one keeps nothing. */
  let revocations = 0;

  /**
   * Checks a login and password under the limits: the attempt is counted before the password is hashed, so parallel
   * attempts evaluate at most the limit, on any number of instances; a right password takes its count back. A
   * failure stays counted and returns null; too many fail with 429. `onFailure` decides whether a failure counts
   * (false: the attempt is taken back as if it had not been made).
   */
  async function verifyCredentials(
    login: string,
    password: string,
    ip: string,
    onFailure: (account: Credentials | null) => Promise<boolean> = async () => true,
  ): Promise<Credentials | null> {
    const keys = attemptKeys(login, ip);
    const counts = await repo.countAttempt(keys, { shortMs: shortWindowMs, longMs: longWindowMs });
    const { limits } = deps;
    const locked =
      counts.pair > limits.pair ||
      ((counts.account > limits.account || counts.address > limits.address) && counts.pairFailed);
    if (locked) {
      await repo.uncountAttempt(keys);
      throw tooManyAttempts();
    }
    let account: Credentials | null = null;
    let ok = false;
    try {
      account = await repo.findCredentials(login);
      ok = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), password);
      if (account && ok) {
        await repo.uncountAttempt(keys);
        return account;
      }
      if (await onFailure(account)) await repo.bump(keys.pairFailed, longWindowMs);
      else await repo.uncountAttempt(keys);
      return null;
    } catch (err) {
      if (!account || !ok) await repo.uncountAttempt(keys).catch(() => {});
      throw err;
    }
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
    /**
     * Sessions ended or their users changed (topic `sessions`: 's:<token hash>', 'u:<user id>'; null when
     * announcements may have been missed): the cached lookups go, and are looked up afresh.
     */
    sessionsChanged(message: string | null) {
      revocations++;
      if (message === null) cache.forgetAll();
      else if (message.startsWith('s:')) cache.forgetSession(message.slice(2));
      else if (message.startsWith('u:')) cache.forgetUser(Number(message.slice(2)));
    },

    /** Forgets attempt counters whose window has passed (run now and then). */
    forgetOldAttempts: () => repo.forgetOldAttempts(),

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

    /** Opens a session only when every rule lets the account in: a refused sign-in leaves no session behind. */
    async signIn(login: string, password: string, ip: string) {
      // The form checks recovery.json first: a wrong password for issued credentials was counted there already.
      const account = await verifyCredentials(login, password, ip, async (found) =>
        found?.mustChangeCredentials ? !(await repo.take(attemptKeys(login, ip).recoveryFailed)) : true,
      );
      if (!account) throw new AppError('bad_credentials', 'Wrong login or password.');
      // Said only to whoever knows the password, so it reveals nothing to a guesser.
      if (account.blocked) throw accountBlocked();
      if (account.mustChangeCredentials) {
        throw new AppError('credentials_change_required', 'The issued login and password must be changed first.');
      }
      if (!deps.portalRoles.includes(account.role)) {
        throw new AppError('no_portal_access', 'The portal has no area for this account.');
      }
      return openSession(account.id, ip);
    },

    /**
     * LOG_PAS: 1 only for valid credentials that still have to be changed. Only such accounts have their password
     * checked (and a failure counted): for any other login the answer is 0 whatever the password, so it reveals
     * nothing, and the sign-in the form makes next counts the attempt once.
     */
    async recoveryState(login: string, password: string, ip: string): Promise<0 | 1> {
      const found = await repo.findCredentials(login);
      // A blocked account's issued credentials lead to the sign-in, which says it is blocked.
      if (!found?.mustChangeCredentials || found.blocked) return 0;
      const account = await verifyCredentials(login, password, ip, async () => {
        await repo.bump(attemptKeys(login, ip).recoveryFailed, recoveryCarryMs);
        return true;
      });
      return account?.mustChangeCredentials ? 1 : 0;
    },

    async updateCredentials(input: { oldlog: string; oldpas: string; newlog: string; newpas: string }, ip: string) {
      // A refusal explains itself in the spec's sms too (English, as every error message; the web app shows its own
      // text for the code).
      const fail = (code: 'bad_credentials' | 'login_taken', message: string) =>
        new AppError(code, message, [[{ sms: message }]]);
      const account = await verifyCredentials(input.oldlog, input.oldpas, ip);
      if (!account) throw fail('bad_credentials', 'Wrong login or password.');
      if (account.blocked) throw accountBlocked();
      if (!strongPassword.test(input.newpas)) throw weakPassword([[{ sms: weakPasswordMessage }]]);
      if (await repo.loginTakenByOther(input.newlog, account.id)) {
        throw fail('login_taken', 'This login is already taken. Choose another one.');
      }
      const passwordHash = await hashPassword(input.newpas);
      await repo.transaction(async (q, change) => {
        await q.setCredentials(account.id, input.newlog, passwordHash);
        await q.revokeUserSessions(account.id, null);
        change.announce('sessions', userSessions(account.id));
      });
      return [[{ sms: 'Логин и пароль изменены' }]];
    },

    /** Of these sessions, the ones still live (a push subscription ends with its session). */
    liveSessions: (ids: readonly number[]) => repo.liveSessions(ids),

    async signOut(token: string | undefined): Promise<void> {
      if (!token) return;
      const key = hashToken(token);
      await repo.transaction(async (q, change) => {
        await q.revokeSession(hashBytes(key));
        change.announce('sessions', `s:${key}`);
      });
    },

    /** The old password is checked under the sign-in limits (a wrong one counts as a failed sign-in). */
    async changePassword(user: AuthUser, oldPassword: string, newPassword: string, ip: string): Promise<void> {
      const account = await verifyCredentials(user.login, oldPassword, ip);
      if (account?.id !== user.id) throw new AppError('wrong_password', 'The old password is wrong.');
      if (!strongPassword.test(newPassword)) throw weakPassword();
      const passwordHash = await hashPassword(newPassword);
      // The caller's own session stays; the cache drops all of the user's entries and refills this one on next use.
      await repo.transaction(async (q, change) => {
        await q.setPassword(user.id, passwordHash);
        await q.revokeUserSessions(user.id, user.sessionId);
        change.announce('sessions', userSessions(user.id));
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
