import { qrAttemptsList, qrScan, qrStart, qrStop, qrToken, qrVisit } from '@okuu/contracts/qr/checkin';
import { qrTime } from '@okuu/contracts/qr/time';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Platform } from '../../lib/platform.ts';
import { cookieIsSecure } from '../../plugins/auth.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { QrRefusal } from './qr.service.ts';
import { createQrService } from './qr.service.ts';
import { maxAccuracyM } from './qr.token.ts';

type QrService = ReturnType<typeof createQrService>;

/**
 * The phone's own mark, kept a year: one phone cannot check in several students. Its value is issued and signed by the
 * server (a client cannot choose one), and a ticket is good only with the cookie of the phone that scanned it.
 */
const deviceCookie = 'okuu_device';

/** The phone's device id from its signed cookie; a new one (and its cookie) when it has none the server signed. */
async function deviceOf(
  qr: QrService,
  request: FastifyRequest,
  reply: FastifyReply,
  secure: 'auto' | 'true' | 'false',
): Promise<string> {
  const known = await qr.deviceOf(request.cookies[deviceCookie]);
  if (known) return known;
  const fresh = await qr.newDevice();
  reply.setCookie(deviceCookie, fresh.cookie, {
    path: '/api/qr',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieIsSecure(request, secure),
    maxAge: 365 * 24 * 3600,
  });
  return fresh.id;
}

const refusalText: Record<QrRefusal, string> = {
  qr_stale: 'The code has changed since it was scanned. Scan the code on the screen again.',
  qr_forged: 'This is not a check-in code of this portal.',
  qr_not_now: 'Check-in for this lesson is not open now.',
  qr_not_in_audience: "You are not in this lesson's group, subgroup or stream.",
  qr_too_far: 'You are too far from the room.',
  qr_fix_too_coarse: "The phone's location is too rough to tell the room from the street.",
  qr_device_used: 'This phone has just checked in another student.',
  qr_ticket_used: 'This scan was made on another phone, or another student has used it. Scan the code with your phone.',
};

function refusal(reason: QrRefusal, extra: { distance?: number; radius?: number; accuracy: number }): AppError {
  // The check-in page explains these two with their numbers (the texts live with it, not in every page's catalogue).
  const params: Record<string, number> | undefined =
    reason === 'qr_too_far'
      ? { distance: extra.distance ?? 0, radius: extra.radius ?? 0 }
      : reason === 'qr_fix_too_coarse'
        ? { accuracy: Math.round(extra.accuracy), max: maxAccuracyM }
        : undefined;
  return new AppError(reason, refusalText[reason], null, params ? { params } : {});
}

const notYours = () => new AppError('not_found', 'You have no such check-in.');

/** QR check-in's routes; `now` is the server's clock (tests of the service move it instead). */
export function qrRoutes(
  qr: QrService,
  opts: { now?: () => Date; secureCookie: 'auto' | 'true' | 'false' },
): Binding[] {
  const now = opts.now ?? (() => new Date());
  const tokenNow = async (teacherId: number, sessionId: number, at: Date) => {
    const shown = await qr.token(teacherId, sessionId, at);
    if (!shown) return null;
    return { token: shown.token, expiresAt: shown.expiresAt.toISOString(), serverMs: at.getTime() };
  };
  return [
    bind(qrTime, async () => {
      const at = now();
      return { time: at.toISOString(), ms: at.getTime() };
    }),
    bind(qrStart, async ({ input, user }) => {
      const at = now();
      const started = await qr.start(
        user.id,
        { scheduleEntryId: input.id, lessonDate: qr.today(at), latitude: input.y ?? null, longitude: input.x ?? null },
        at,
      );
      if (!started) throw new AppError('not_found', 'Your timetable has no such lesson.');
      if (started === 'qr_not_now') throw refusal('qr_not_now', { accuracy: 0 });
      const shown = await tokenNow(user.id, started.id, at);
      const place = await qr.place(user.id, started.id, at);
      if (!shown || !place) throw notYours();
      return { sessionId: started.id, lesson: await qr.lesson(started.id), place, ...shown };
    }),
    bind(qrStop, async ({ input, user }) => {
      const at = now();
      if (!(await qr.owned(user.id, input.sessionId, at))) throw notYours();
      await qr.stop(user.id, input.sessionId, at);
      return { stopped: true };
    }),
    bind(qrToken, async ({ input, user }) => {
      const at = now();
      const owned = await qr.owned(user.id, input.sessionId, at);
      if (!owned) throw notYours();
      const shown = await tokenNow(user.id, input.sessionId, at);
      if (!shown) throw new AppError('qr_not_now', 'This check-in has been stopped.');
      return shown;
    }),
    bind(qrAttemptsList, async ({ input, user }) => {
      const at = now();
      const owned = await qr.owned(user.id, input.sessionId, at);
      const list = owned && (await qr.attempts(user.id, input.sessionId, at));
      if (!owned || !list) throw notYours();
      return { lesson: await qr.lesson(input.sessionId), running: owned.running, ...list };
    }),
    bind(qrScan, async ({ input, request, reply }) => {
      const scanned = await qr.scan(input.token, now(), await deviceOf(qr, request, reply, opts.secureCookie));
      if (!scanned.ok) throw refusal(scanned.reason, { accuracy: 0 });
      return {
        ticket: scanned.ticket,
        expiresAt: scanned.expiresAt.toISOString(),
        lesson: await qr.lesson(scanned.sessionId),
      };
    }),
    bind(qrVisit, async ({ input, user, request, reply }) => {
      const result = await qr.visit(
        user.id,
        {
          token: input.token,
          latitude: input.y,
          longitude: input.x,
          accuracyM: input.accuracy,
          deviceId: await deviceOf(qr, request, reply, opts.secureCookie),
        },
        now(),
      );
      if (!result.ok) throw refusal(result.reason, { ...result, accuracy: input.accuracy });
      return {
        repeat: result.repeat,
        distanceM: Math.round(result.distance),
        lesson: await qr.lesson(result.sessionId),
      };
    }),
  ];
}

/** QR check-in; presence goes to the journal through its service. */
export function qrModule(p: Platform, journal: Pick<JournalService, 'inAudience' | 'markPresent'>) {
  const service = createQrService(p.db, { changes: p.changes, journal }, { windowMin: p.config.qrWindowMin });
  return { service, routes: qrRoutes(service, { now: p.now, secureCookie: p.config.cookieSecure }) };
}
