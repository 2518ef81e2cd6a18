import { enticate } from '@okuu/contracts/auth/enticate';
import { logout } from '@okuu/contracts/auth/logout';
import { orize } from '@okuu/contracts/auth/orize';
import { recovery } from '@okuu/contracts/auth/recovery';
import { updateLogin } from '@okuu/contracts/auth/update-login';
import { profileData } from '@okuu/contracts/profile/profile-data';
import { resetPassword } from '@okuu/contracts/profile/reset-password';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, password, type TestApp, testChanges } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/session.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthService } from './auth.service.ts';
import { createSessionCache } from './session-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in (orize)', () => {
  it('signs in, sets an HttpOnly SameSite=Lax cookie and stores only a hash of the token', async () => {
    const res = await t.app.inject({ method: 'POST', url: orize.path, payload: { login: 'student1', password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe(0);
    expect(body.error).toBeNull();
    expect(body.data.user).toMatchObject({ role: 2, login: 'student1', newsPerms: false });
    expect(body.data.user.group).toBeTruthy();
    // The session is the cookie alone: scripts never see the token.
    expect(body.data.token).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === 'token');
    const token = cookie?.value as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const stored = await t.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(Buffer.from(row.hash).toString('base64url')).not.toBe(token);
  });

  it('issues a new token at every sign-in', async () => {
    const a = await t.call(orize, { login: 'teacher1', password });
    expect(await t.signIn('teacher1')).not.toBe(await t.signIn('teacher1'));
    expect(a.body.data.user).toMatchObject({ role: 1, newsPerms: true, group: null });
    expect(a.body.data.user.position).toBeTruthy();
  });

  it('accepts the login in any letter case', async () => {
    const res = await t.call(orize, { login: 'STUDENT2', password });
    expect(res.status).toBe(200);
    expect(res.body.data.user.login).toBe('student2');
  });

  it('refuses a wrong password and an unknown login alike', async () => {
    const wrong = await t.call(orize, { login: 'student2', password: 'nope-Nope1' }, { ip: '127.1.0.1' });
    const unknown = await t.call(orize, { login: 'nobody-here', password }, { ip: '127.1.0.1' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ result: 1, data: null, error: { code: 'bad_credentials' } });
    }
  });

  it('refuses an account whose issued credentials must be changed first', async () => {
    const res = await t.call(orize, { login: 'newstudent', password });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('credentials_change_required');
  });

  it('rejects a missing password with a clear validation error', async () => {
    const res = await t.call(orize, { login: 'student1' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation');
    expect(res.body.error.message).toMatch(/password/i);
  });

  it('sets the cookie Secure behind an HTTPS proxy', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: orize.path,
        payload: { login: 'student1', password },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.cookies.find((c) => c.name === 'token')?.secure).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('sessions (enticate, logout)', () => {
  it('authenticates with the cookie or with the token in the body', async () => {
    const cookie = await t.signIn('student1');
    const byCookie = await t.call(enticate, {}, { cookie });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.data.user.login).toBe('student1');
    const byBody = await t.call(enticate, { token: cookie.slice('token='.length) });
    expect(byBody.body.data.user.login).toBe('student1');
  });

  it('answers 401 with no session or a made-up one', async () => {
    expect((await t.call(enticate, {})).status).toBe(401);
    expect((await t.call(enticate, { token: 'made-up' })).status).toBe(401);
    expect((await t.call(enticate, {}, { cookie: 'token=made-up' })).status).toBe(401);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const cookie = await t.signIn('student2');
    const res = await t.app.inject({ method: 'POST', url: logout.path, payload: {}, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe('');
    expect((await t.call(enticate, {}, { cookie })).status).toBe(401);
    expect((await t.call(profileData, {}, { cookie })).status).toBe(401);
  });

  it('an expired session no longer works', async () => {
    const cookie = await t.signIn('student1');
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await t.call(enticate, {}, { cookie })).status).toBe(401);
  });
});

describe('session lookups', () => {
  /** The service on the real repository, counting its session lookups; `gate` holds them until released. */
  function countingService() {
    const repo = createAuthRepository(t.database.db, testChanges(t.database));
    let lookups = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const service = createAuthService({
      repo: {
        ...repo,
        async findSessionUser(hash) {
          lookups++;
          await gate;
          return repo.findSessionUser(hash);
        },
      },
      sessionTtlMs: 60_000,
      limits: { pair: 10, account: 100, address: 100 },
      portalRoles: [1, 2],
      cache: createSessionCache({ ttlMs: 60_000, maxEntries: 100 }),
    });
    return { service, release, lookups: () => lookups };
  }

  it('requests with the same session arriving together share one lookup, and the next is served from the cache', async () => {
    const token = (await t.signIn('student3')).slice('token='.length);
    const { service, release, lookups } = countingService();
    const together = Array.from({ length: 20 }, () => service.resolveToken(token));
    release();
    const users = await Promise.all(together);
    expect(new Set(users.map((u) => u?.login))).toEqual(new Set(['student3']));
    expect(await service.resolveToken(token)).toMatchObject({ login: 'student3' });
    expect(lookups()).toBe(1);
  });

  it('keeps nothing from a lookup that a revocation overtook', async () => {
    const token = (await t.signIn('student4')).slice('token='.length);
    const { service, release, lookups } = countingService();
    const before = service.resolveToken(token);
    service.sessionsChanged(`s:${hashToken(token)}`);
    release();
    expect(await before).toMatchObject({ login: 'student4' });
    await service.resolveToken(token);
    expect(lookups()).toBe(2);
  });
});

describe('two server instances on one database', () => {
  it('a logout on one instance ends the session on the other at once, despite its session cache', async () => {
    const second = await t.secondInstance();
    const other = second.app;
    try {
      const cookie = await t.signIn('student5');
      const enticateOn = (app: typeof t.app) =>
        app.inject({ method: 'POST', url: enticate.path, payload: {}, headers: { cookie } });
      expect((await enticateOn(other)).statusCode).toBe(200); // now cached by the other instance
      expect(
        (await t.app.inject({ method: 'POST', url: logout.path, payload: {}, headers: { cookie } })).statusCode,
      ).toBe(200);
      let status = 200;
      for (let i = 0; i < 50 && status === 200; i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await enticateOn(other)).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await second.close();
    }
  });
});

describe('recovery and credential update', () => {
  it('answers LOG_PAS 1 only for issued credentials that must change', async () => {
    expect((await t.call(recovery, { oldlog: 'newstudent', oldpas: password })).body.data).toEqual({ LOG_PAS: 1 });
    expect((await t.call(recovery, { oldlog: 'student1', oldpas: password })).body.data).toEqual({ LOG_PAS: 0 });
    const wrong = await t.call(recovery, { oldlog: 'newstudent', oldpas: 'wrong' }, { ip: '127.2.0.1' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toEqual({ LOG_PAS: 0 });
  });

  it('refuses a weak new password and changes nothing', async () => {
    const res = await t.call(updateLogin, {
      oldlog: 'newstudent',
      oldpas: password,
      newlog: 'aigerim',
      newpas: 'simple',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('weak_password');
    expect(res.body.data[0]?.[0]?.sms).toMatch(/digit/);
    expect((await t.call(recovery, { oldlog: 'newstudent', oldpas: password })).body.data.LOG_PAS).toBe(1);
  });

  it('refuses a login that someone else has', async () => {
    const res = await t.call(updateLogin, {
      oldlog: 'newstudent',
      oldpas: password,
      newlog: 'Student1',
      newpas: 'Strong2026',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('login_taken');
  });

  it('refuses wrong old credentials', async () => {
    const res = await t.call(
      updateLogin,
      { oldlog: 'newstudent', oldpas: 'wrong', newlog: 'aigerim', newpas: 'Strong2026' },
      { ip: '127.3.0.1' },
    );
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('bad_credentials');
  });

  it('replaces the issued credentials; the new pair signs in and the old one does not', async () => {
    const res = await t.call(updateLogin, {
      oldlog: 'newstudent',
      oldpas: password,
      newlog: 'aigerim.new',
      newpas: 'Strong2026',
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0]?.[0]?.sms.toLowerCase()).toContain('изменены');
    expect((await t.call(orize, { login: 'aigerim.new', password: 'Strong2026' })).status).toBe(200);
    expect((await t.call(orize, { login: 'newstudent', password }, { ip: '127.4.0.1' })).status).toBe(401);
    expect((await t.call(recovery, { oldlog: 'aigerim.new', oldpas: 'Strong2026' })).body.data.LOG_PAS).toBe(0);
  });
});

describe('sign-in limits', () => {
  const wrong = (login: string, ip: string, pass = 'Wrong-pass1') => t.call(orize, { login, password: pass }, { ip });

  it('50 parallel wrong passwords, over two instances, evaluate at most the limit', async () => {
    const second = await t.secondInstance();
    try {
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 ? second.app : t.app).inject({
            method: 'POST',
            url: orize.path,
            payload: { login: 'student50', password: `wrong-${i}` },
            remoteAddress: '127.7.0.1',
          }),
        ),
      );
      const statuses = replies.map((r) => r.statusCode);
      // 401: the password was hashed and compared; 429: refused before.
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    } finally {
      await second.close();
    }
  });

  it('locks an account for the address that failed, not for the owner elsewhere', async () => {
    for (let i = 0; i < 10; i++) expect((await wrong('teacher2', '127.5.0.1')).status).toBe(401);
    const locked = await t.call(orize, { login: 'teacher2', password }, { ip: '127.5.0.1' });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('rate_limited');
    expect(locked.body.error.message).toMatch(/15 minutes/);
    // The owner, from an address that has not failed, still signs in.
    expect((await t.call(orize, { login: 'teacher2', password }, { ip: '127.5.0.2' })).status).toBe(200);
    // The failing address may still sign in to other accounts.
    expect((await t.call(orize, { login: 'student51', password }, { ip: '127.5.0.1' })).status).toBe(200);
  });

  it('beyond the larger per-account limit only addresses that have not failed may try', async () => {
    const small = await createTestApp({ LOGIN_FAILURE_LIMIT: '3', LOGIN_ACCOUNT_LIMIT: '5' });
    try {
      const attempt = (ip: string, pass: string) => small.call(orize, { login: 'student52', password: pass }, { ip });
      for (const ip of ['127.8.0.1', '127.8.0.1', '127.8.0.2', '127.8.0.2', '127.8.0.3']) {
        expect((await attempt(ip, 'Wrong-pass1')).status).toBe(401);
      }
      // Five failures: the account is over its limit. Addresses that failed are out, even with the right password…
      expect((await attempt('127.8.0.1', password)).status).toBe(429);
      // …one that has not failed signs in…
      expect((await attempt('127.8.0.9', password)).status).toBe(200);
      // …and a guesser from a fresh address gets one try there.
      expect((await attempt('127.8.0.10', 'Wrong-pass2')).status).toBe(401);
      expect((await attempt('127.8.0.10', 'Wrong-pass3')).status).toBe(429);
    } finally {
      await small.close();
    }
  });

  it('many failures from one address (a campus behind one router) lock out no account owner', async () => {
    const small = await createTestApp({ LOGIN_ADDRESS_LIMIT: '5' });
    try {
      const ip = '127.6.0.1';
      for (let i = 0; i < 6; i++) await small.call(orize, { login: `student${60 + i}`, password: 'Wrong-1a' }, { ip });
      expect((await small.call(orize, { login: 'student70', password }, { ip })).status).toBe(200);
      // An account that failed from there is out until the address calms down.
      expect((await small.call(orize, { login: 'student60', password }, { ip })).status).toBe(429);
    } finally {
      await small.close();
    }
  });

  it('a failed sign-in through the form (recovery, then orize) counts once', async () => {
    const ip = '127.9.0.1';
    const form = async (login: string, pass: string) => {
      const check = await t.call(recovery, { oldlog: login, oldpas: pass }, { ip });
      if (check.body.data?.LOG_PAS === 1) return 'update';
      return (await t.call(orize, { login, password: pass }, { ip })).status;
    };
    for (let i = 0; i < 9; i++) expect(await form('student53', `Wrong-${i}a`)).toBe(401);
    expect(await form('student53', password)).toBe(200);
    // Issued credentials: the recovery check is the one that counts.
    await t.database.db.update(users).set({ mustChangeCredentials: true }).where(eq(users.login, 'student57'));
    for (let i = 0; i < 9; i++) expect(await form('student57', `Wrong-${i}a`)).toBe(401);
    expect(await form('student57', password)).toBe('update');
  });

  it('the old password of passwd/reset is held to the same limits', async () => {
    const cookie = await t.signIn('student54');
    const ip = '127.10.0.1';
    const reset = (old: string) =>
      t.app.inject({
        method: 'POST',
        url: resetPassword.path,
        payload: { password: old, newPassword: 'Better2026' },
        headers: { cookie },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i++) expect((await reset(`Wrong-${i}a`)).statusCode).toBe(400);
    const locked = await reset(password);
    expect(locked.statusCode).toBe(429);
    // Nothing changed: the password still signs in from elsewhere.
    expect((await t.call(orize, { login: 'student54', password }, { ip: '127.10.0.2' })).status).toBe(200);
  });
});

describe('refused sign-ins open no session', () => {
  async function sessionCount() {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    return row?.n ?? 0;
  }

  it('a role with no area in the portal gets 403, no cookie, no session', async () => {
    await t.database.db.insert(users).values({
      login: 'visitor8',
      passwordHash: await hashPassword(password),
      role: 8,
      lastName: 'V',
      firstName: 'V',
    });
    const before = await sessionCount();
    const res = await t.app.inject({ method: 'POST', url: orize.path, payload: { login: 'visitor8', password } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('no_portal_access');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('no refusal of any kind leaves a cookie or a session', async () => {
    const [someone] = await t.database.db
      .insert(users)
      .values({ login: 'visitor9', passwordHash: await hashPassword(password), role: 9, lastName: 'V', firstName: 'V' })
      .returning({ id: users.id });
    expect(someone).toBeTruthy();
    const before = await sessionCount();
    const attempts = [
      { login: 'student55', password: 'Wrong-pass1' },
      { login: 'newstudent', password },
      { login: 'visitor9', password },
    ];
    for (const payload of attempts) {
      const res = await t.app.inject({ method: 'POST', url: orize.path, payload, remoteAddress: '127.11.0.1' });
      expect(res.statusCode, payload.login).toBeGreaterThanOrEqual(400);
      expect(res.headers['set-cookie'], payload.login).toBeUndefined();
    }
    for (let i = 0; i < 10; i++)
      await t.call(orize, { login: 'student56', password: 'Wrong-1a' }, { ip: '127.11.0.2' });
    const limited = await t.app.inject({
      method: 'POST',
      url: orize.path,
      payload: { login: 'student56', password },
      remoteAddress: '127.11.0.2',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });
});

describe('password change (passwd/reset)', () => {
  it('needs the right old password and a strong new one; other sessions end, this one stays', async () => {
    const mine = await t.signIn('student40');
    const other = await t.signIn('student40');
    const wrongOld = await t.call(resetPassword, { password: 'wrong', newPassword: 'Better2026' }, { cookie: mine });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.error.code).toBe('wrong_password');
    const weak = await t.call(resetPassword, { password, newPassword: 'abcd' }, { cookie: mine });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('weak_password');

    const ok = await t.call(resetPassword, { password, newPassword: 'Better2026' }, { cookie: mine });
    expect(ok.status).toBe(200);
    expect((await t.call(enticate, {}, { cookie: mine })).status).toBe(200);
    expect((await t.call(enticate, {}, { cookie: other })).status).toBe(401);
    expect((await t.call(orize, { login: 'student40', password: 'Better2026' })).status).toBe(200);
    const [row] = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.login, 'student40'));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});

describe('request logs', () => {
  it('write one line per request with no password, token or cookie in it', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      database: t.database,
      storage: t.storage,
      logStream: { write: (line) => lines.push(line) },
    });
    const res = await app.inject({ method: 'POST', url: orize.path, payload: { login: 'student3', password } });
    const token = res.cookies.find((c) => c.name === 'token')?.value as string;
    await app.inject({ method: 'POST', url: enticate.path, payload: { token }, headers: { cookie: `token=${token}` } });
    await app.close();
    const requestLines = lines.filter((l) => l.includes('"msg":"request"'));
    expect(requestLines).toHaveLength(2);
    const all = lines.join('\n');
    expect(all).not.toContain(password);
    expect(all).not.toContain(token);
  });
});
