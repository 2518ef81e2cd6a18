import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput, namedRecord } from '../fields.ts';

/**
 * QR check-in (spec: schedule/qr, qr/student/visit). The teacher starts a check-in for a lesson of their timetable;
 * the projector shows a token that changes every 15 s, inside a link into the portal (`checkinPath?t=<token>`). A
 * phone that opens the link trades the token at once for a ticket (`qr/scan`, before any sign-in, so the minutes a
 * sign-in takes do not make it stale), then sends the ticket with its location (`qr/student/visit`).
 */

/** The portal page a scanned QR opens. */
export const checkinPath = '/lms/public/checkin';

/** A real number from `min` to `max` (a coordinate, an accuracy in metres); refused as out_of_range {min, max}. */
function realNumber(min: number, max: number) {
  return z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.regex(/^-?\d{1,4}(\.\d{1,15})?$/, 'invalid_type'))]),
    z.pipe(
      z.transform(Number),
      z.number().check(z.refine((v) => v >= min && v <= max, { error: 'out_of_range', params: { min, max } })),
    ),
  );
}

const latitude = realNumber(-90, 90);
const longitude = realNumber(-180, 180);
/** A token or a ticket: letters, digits, dots, '-' and '_' (what the server issues); at most 120 characters. */
const tokenInput = z.string().check(z.trim(), z.minLength(1), z.maxLength(120), z.regex(/^[\w.-]+$/, 'invalid_format'));

/** The lesson a check-in is for, as its screens show it. */
export const checkinLesson = z.object({
  discipline: namedRecord,
  audience: z.string(),
  room: z.string(),
  /** The lesson's date (YYYY-MM-DD) and its slot's times (HH:MM). */
  date: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type CheckinLesson = z.infer<typeof checkinLesson>;

/** The token on the projector now, when it is replaced, and the server's clock (the screen counts down by it). */
export const checkinToken = z.object({
  token: z.string(),
  expiresAt: z.string(),
  serverMs: z.number(),
});
export type CheckinToken = z.infer<typeof checkinToken>;

export const qrStart = defineEndpoint({
  id: 'qr.start',
  method: 'POST',
  path: '/api/schedule/qr',
  access: 'teacher',
  summary:
    "Starts a QR check-in for a lesson of the teacher's timetable (`id`, a schedule entry) today, or returns the one " +
    "already running for it; `x`/`y` are the teacher device's longitude/latitude (kept for the record: the room's " +
    'coordinates decide). The other fields of the spec (audience, year, ws, group…) are taken from the timetable. ' +
    'A lesson that does not take place today (another weekday, a week of the other parity, outside its half-year) ' +
    'answers 409 qr_not_now.',
  request: z.looseObject({
    ...callerEcho,
    id: idInput,
    x: z.optional(z.nullable(longitude)),
    y: z.optional(z.nullable(latitude)),
  }),
  response: z.object({
    sessionId: z.number(),
    lesson: checkinLesson,
    /** The room's point and the radius around it that counts as in the room (the settings' room coordinates). */
    place: z.object({ latitude: z.number(), longitude: z.number(), radiusM: z.number() }),
    ...checkinToken.shape,
  }),
});

const sessionRequest = z.object({ sessionId: idInput });

export const qrStop = defineEndpoint({
  id: 'qr.stop',
  method: 'POST',
  path: '/api/schedule/qr/stop',
  access: 'teacher',
  summary: "Stops the teacher's check-in: its tokens are refused from then on (stopping twice is harmless).",
  request: sessionRequest,
  response: z.object({ stopped: z.boolean() }),
});

export const qrToken = defineEndpoint({
  id: 'qr.token',
  method: 'GET',
  path: '/api/schedule/qr/token',
  access: 'teacher',
  summary: "The token the teacher's projector shows now (it changes every 15 s), with the server's clock.",
  request: sessionRequest,
  response: checkinToken,
});

/** Why a scan was refused; 'accepted' for the ones that counted. */
export const checkinResults = [
  'accepted',
  'qr_stale',
  'qr_not_in_audience',
  'qr_not_now',
  'qr_too_far',
  'qr_fix_too_coarse',
  'qr_device_used',
  'qr_ticket_used',
] as const;

export const qrAttemptsList = defineEndpoint({
  id: 'qr.attempts',
  method: 'GET',
  path: '/api/schedule/qr/attempts',
  access: 'teacher',
  summary:
    "The teacher's check-in: the lesson, whether it runs, and each student's latest scan (accepted, or refused and " +
    'why, with the distance from the room), newest first; the counts of students accepted and refused.',
  request: sessionRequest,
  response: z.object({
    lesson: checkinLesson,
    running: z.boolean(),
    accepted: z.number(),
    refused: z.number(),
    attempts: z.array(
      z.object({
        studentId: z.number(),
        fullName: z.string(),
        result: z.enum(checkinResults),
        distanceM: z.nullable(z.number()),
        at: z.string(),
      }),
    ),
  }),
});

export const qrScan = defineEndpoint({
  id: 'qr.scan',
  method: 'POST',
  path: '/api/qr/scan',
  access: 'public',
  summary:
    "A scanned QR's token traded for a ticket that keeps the moment of the scan for 5 minutes (time to sign in and " +
    "find the location), good on this phone only: the reply sets the phone's device cookie (okuu_device, issued and " +
    'signed by the server) when it has none. Refused: qr_stale (the code on the screen has changed since), qr_forged.',
  request: z.object({ token: tokenInput }),
  response: z.object({ ticket: z.string(), expiresAt: z.string(), lesson: checkinLesson }),
});

export const qrVisit = defineEndpoint({
  id: 'qr.visit',
  method: 'POST',
  path: '/api/qr/student/visit',
  access: 'student',
  summary:
    "A student's check-in: the ticket (or a current token) and the phone's location — `x` longitude, `y` latitude, " +
    "`accuracy` in metres as the phone reports it. Accepted: 'present' in the journal (a second scan is a harmless " +
    'repeat). Refused, writing nothing in the journal: qr_stale, qr_forged, qr_not_now, qr_not_in_audience, qr_too_far ' +
    '{distance, radius}, qr_fix_too_coarse {accuracy, max}, qr_device_used (this phone has checked in another student), ' +
    "qr_ticket_used (the ticket was scanned on another phone, or another student came with it first). The spec's " +
    'idShed, idStud and idAud are tolerated and not trusted: the ticket names the lesson, the session the student.',
  request: z.looseObject({
    ...callerEcho,
    token: tokenInput,
    x: longitude,
    y: latitude,
    accuracy: realNumber(0, 100_000),
  }),
  response: z.object({ repeat: z.boolean(), distanceM: z.number(), lesson: checkinLesson }),
});
