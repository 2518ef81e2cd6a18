import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The projector's check-in token: `<session id>.<step>.<mac>`, where the step is the number of 15-second periods since
 * the epoch by the server's clock and the mac is an HMAC-SHA256 of the first two parts under the session's secret
 * (truncated to 128 bits). Only the server knows the secret, so a token cannot be made up; the step binds it to a
 * quarter of a minute, so a photo sent to a friend is stale by the time it is used (a short grace covers a slow scan).
 */
export const qrStepMs = 15_000;
/** How long into the next step a token of the previous one is still taken. */
export const qrGraceMs = 3_000;

const forged = { ok: false, reason: 'qr_forged', sessionId: null } as const;

export type TokenCheck =
  /** `device`: for a ticket, the phone it was issued to. */
  | { ok: true; sessionId: number; step: number; device?: string }
  | { ok: false; reason: 'qr_forged' | 'qr_stale'; sessionId: number | null };

/** A fresh per-session secret. */
export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / qrStepMs);
}

function mac(secret: string, sessionId: number, step: number): Buffer {
  return createHmac('sha256', secret).update(`${sessionId}.${step}`).digest().subarray(0, 16);
}

/** The token for the session at this moment, and when it stops being the current one. */
export function tokenAt(secret: string, sessionId: number, now: Date): { token: string; expiresAt: Date } {
  const step = stepAt(now);
  return {
    token: `${sessionId}.${step}.${mac(secret, sessionId, step).toString('base64url')}`,
    expiresAt: new Date((step + 1) * qrStepMs),
  };
}

/** How long a ticket (the moment of a scan, kept through a sign-in) stays good. */
export const ticketTtlMs = 5 * 60_000;
/** A ticket dated this far ahead of the server's clock was not issued by it (instances' clocks differ a little). */
const clockSkewMs = 5_000;

const tokenShape = /^(\d{1,9})\.(\d{1,15})\.([A-Za-z0-9_-]{22})$/;
const ticketShape = /^k(\d{1,9})\.(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/** The session id a token or ticket claims, before it is verified (to look up the secret); null for any other shape. */
export function tokenSessionId(token: string): number | null {
  const m = tokenShape.exec(token) ?? ticketShape.exec(token);
  return m ? Number(m[1]) : null;
}

const ticketMac = (secret: string, sessionId: number, ms: number, device: string) =>
  createHmac('sha256', secret).update(`k${sessionId}.${ms}.${device}`).digest().subarray(0, 16);

/**
 * A ticket: `k<session id>.<scan time in ms>.<device id>.<mac>`, signed like a token. It records that a current token
 * was scanned at that moment by that phone, so that a student who must sign in first is not refused for the minutes it
 * takes; it is good on that phone only.
 */
export function ticketAt(
  secret: string,
  sessionId: number,
  now: Date,
  device: string,
): { ticket: string; expiresAt: Date } {
  const ms = now.getTime();
  const mac = ticketMac(secret, sessionId, ms, device).toString('base64url');
  return { ticket: `k${sessionId}.${ms}.${device}.${mac}`, expiresAt: new Date(ms + ticketTtlMs) };
}

/** Checks a ticket as verifyToken checks a token: forged, stale (older than ticketTtlMs), or good (and whose). */
function verifyTicket(m: RegExpExecArray, secret: string, sessionId: number, now: Date): TokenCheck {
  const ms = Number(m[2]);
  const device = m[3] ?? '';
  const given = Buffer.from(m[4] ?? '', 'base64url');
  const expected = ticketMac(secret, sessionId, ms, device);
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || ms > now.getTime() + clockSkewMs) {
    return { ok: false, reason: 'qr_forged', sessionId };
  }
  if (now.getTime() - ms > ticketTtlMs) return { ok: false, reason: 'qr_stale', sessionId };
  return { ok: true, sessionId, step: stepAt(new Date(ms)), device };
}

/** Whether a token is a ticket (what a scan gives) rather than the projector's token. */
export const isTicket = (token: string) => token.startsWith('k');

/**
 * A phone's device id as its cookie carries it: `<id>.<mac>`, the id random (128 bits) and the mac an HMAC of it under
 * the server's device key, so that a client cannot choose its own id. The id alone, or null for anything not signed so.
 */
export function newDevice(key: string): { id: string; cookie: string } {
  const id = randomBytes(16).toString('base64url');
  return { id, cookie: `${id}.${deviceMac(key, id)}` };
}

const deviceMac = (key: string, id: string) =>
  createHmac('sha256', key).update(`device.${id}`).digest().subarray(0, 16).toString('base64url');

export function verifyDevice(key: string, cookie: string | undefined): string | null {
  const m = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(cookie ?? '');
  if (!m) return null;
  const id = m[1] as string;
  const given = Buffer.from(m[2] as string, 'base64url');
  const expected = Buffer.from(deviceMac(key, id), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * Checks a token (or a ticket) against the session's secret at `now`: forged (bad shape, bad mac, a future step),
 * stale, or good.
 */
export function verifyToken(token: string, secret: string, sessionId: number, now: Date): TokenCheck {
  const k = ticketShape.exec(token);
  if (k) return Number(k[1]) === sessionId ? verifyTicket(k, secret, sessionId, now) : forged;
  const m = tokenShape.exec(token);
  if (!m || Number(m[1]) !== sessionId) return forged;
  const step = Number(m[2]);
  const given = Buffer.from(m[3] ?? '', 'base64url');
  const expected = mac(secret, sessionId, step);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'qr_forged', sessionId };
  }
  const current = stepAt(now);
  if (step === current) return { ok: true, sessionId, step };
  if (step === current - 1 && now.getTime() - current * qrStepMs <= qrGraceMs) return { ok: true, sessionId, step };
  // A step ahead of the server's clock was never shown by it: signed, but not by this server's clock.
  return { ok: false, reason: step > current ? 'qr_forged' : 'qr_stale', sessionId };
}

const earthRadiusM = 6_371_008.8;

/** Great-circle distance in metres between two points (haversine). */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A fix coarser than this cannot tell the room from the street: refused. */
export const maxAccuracyM = 100;
/** At most this much of the reported accuracy widens the room's radius. */
export const accuracyAllowanceCapM = 50;

export type PlaceCheck =
  | { ok: true; distance: number }
  | { ok: false; reason: 'qr_fix_too_coarse' | 'qr_too_far'; distance: number };

/** Whether a fix with this accuracy is inside the room's radius (allowing for the accuracy up to a cap). */
export function checkPlace(
  room: { latitude: number; longitude: number; radiusM: number },
  fix: { latitude: number; longitude: number; accuracyM: number },
): PlaceCheck {
  const distance = distanceM(room.latitude, room.longitude, fix.latitude, fix.longitude);
  if (fix.accuracyM > maxAccuracyM) return { ok: false, reason: 'qr_fix_too_coarse', distance };
  if (distance > room.radiusM + Math.min(fix.accuracyM, accuracyAllowanceCapM)) {
    return { ok: false, reason: 'qr_too_far', distance };
  }
  return { ok: true, distance };
}
