import { describe, expect, it } from 'vitest';
import {
  checkPlace,
  distanceM,
  newDevice,
  newSessionSecret,
  qrGraceMs,
  qrStepMs,
  stepAt,
  ticketAt,
  tokenAt,
  tokenSessionId,
  verifyDevice,
  verifyToken,
} from './qr.token.ts';

const secret = newSessionSecret();
/** The start of a step, so the tests can move within and across it exactly. */
const t0 = new Date(Math.ceil(Date.parse('2026-11-25T08:30:00Z') / qrStepMs) * qrStepMs);
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('qr token', () => {
  it('is taken for its own step, from its start to its last millisecond', () => {
    const { token, expiresAt } = tokenAt(secret, 7, t0);
    expect(expiresAt.getTime()).toBe(t0.getTime() + qrStepMs);
    expect(tokenSessionId(token)).toBe(7);
    expect(verifyToken(token, secret, 7, t0)).toEqual({ ok: true, sessionId: 7, step: stepAt(t0) });
    expect(verifyToken(token, secret, 7, at(qrStepMs - 1)).ok).toBe(true);
  });

  it('is taken a grace into the next step and stale after it', () => {
    const { token } = tokenAt(secret, 7, at(5_000));
    expect(verifyToken(token, secret, 7, at(qrStepMs + qrGraceMs)).ok).toBe(true);
    expect(verifyToken(token, secret, 7, at(qrStepMs + qrGraceMs + 1))).toEqual({
      ok: false,
      reason: 'qr_stale',
      sessionId: 7,
    });
  });

  it('replayed minutes later is stale', () => {
    const { token } = tokenAt(secret, 7, t0);
    expect(verifyToken(token, secret, 7, at(5 * 60_000))).toMatchObject({ ok: false, reason: 'qr_stale' });
  });

  it('is forged when signed with another secret, edited, for another session or for a future step', () => {
    const other = tokenAt(newSessionSecret(), 7, t0).token;
    expect(verifyToken(other, secret, 7, t0)).toMatchObject({ ok: false, reason: 'qr_forged' });
    const { token } = tokenAt(secret, 7, t0);
    const [id, step, sig] = token.split('.') as [string, string, string];
    // The same signature moved to the next step (a made-up "fresh" token) does not verify.
    const moved = `${id}.${Number(step) + 1}.${sig}`;
    expect(verifyToken(moved, secret, 7, at(qrStepMs))).toMatchObject({ ok: false, reason: 'qr_forged' });
    expect(verifyToken(`8.${step}.${sig}`, secret, 8, t0)).toMatchObject({ ok: false, reason: 'qr_forged' });
    expect(verifyToken(token, secret, 8, t0)).toMatchObject({ ok: false, reason: 'qr_forged' });
    const future = tokenAt(secret, 7, at(2 * qrStepMs)).token;
    expect(verifyToken(future, secret, 7, t0)).toMatchObject({ ok: false, reason: 'qr_forged' });
    expect(verifyToken('garbage', secret, 7, t0)).toMatchObject({ ok: false, reason: 'qr_forged' });
    expect(tokenSessionId('garbage')).toBeNull();
  });
});

describe('qr ticket and device', () => {
  it("names the phone it was issued to, and cannot be moved to another phone's id", () => {
    const { ticket } = ticketAt(secret, 7, t0, 'A'.repeat(22));
    expect(verifyToken(ticket, secret, 7, at(60_000))).toMatchObject({ ok: true, device: 'A'.repeat(22) });
    const moved = ticket.replace('A'.repeat(22), 'B'.repeat(22));
    expect(verifyToken(moved, secret, 7, at(60_000))).toMatchObject({ ok: false, reason: 'qr_forged' });
  });

  it('takes only a device id the server signed: not one a client chose, nor one signed with another key', () => {
    const key = newSessionSecret();
    const phone = newDevice(key);
    expect(verifyDevice(key, phone.cookie)).toBe(phone.id);
    expect(verifyDevice(key, phone.id)).toBeNull();
    expect(verifyDevice(key, `${'C'.repeat(22)}.${phone.cookie.split('.')[1]}`)).toBeNull();
    expect(verifyDevice(newSessionSecret(), phone.cookie)).toBeNull();
    expect(verifyDevice(key, undefined)).toBeNull();
  });
});

describe('qr place', () => {
  const room = { latitude: 42.8746, longitude: 74.6122, radiusM: 60 };

  it('measures great-circle distances', () => {
    // One degree of latitude is about 111.2 km.
    expect(distanceM(42, 74, 43, 74)).toBeGreaterThan(111_100);
    expect(distanceM(42, 74, 43, 74)).toBeLessThan(111_300);
    expect(distanceM(42.8746, 74.6122, 42.8746, 74.6122)).toBe(0);
  });

  it('takes a fix in the room, or just outside within the accuracy allowance', () => {
    expect(checkPlace(room, { latitude: 42.8746, longitude: 74.6122, accuracyM: 10 }).ok).toBe(true);
    // About 89 m north: outside 60 m, inside 60 + min(40, 50).
    const near = { latitude: 42.8754, longitude: 74.6122 };
    expect(checkPlace(room, { ...near, accuracyM: 40 }).ok).toBe(true);
    expect(checkPlace(room, { ...near, accuracyM: 5 })).toMatchObject({ ok: false, reason: 'qr_too_far' });
  });

  it('refuses a point 2 km away with the distance, and a fix too coarse to tell', () => {
    const far = checkPlace(room, { latitude: 42.8926, longitude: 74.6122, accuracyM: 10 });
    expect(far).toMatchObject({ ok: false, reason: 'qr_too_far' });
    expect(Math.round(far.distance / 100)).toBe(20);
    expect(checkPlace(room, { latitude: 42.8746, longitude: 74.6122, accuracyM: 101 })).toMatchObject({
      ok: false,
      reason: 'qr_fix_too_coarse',
    });
  });
});
