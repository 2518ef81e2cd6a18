import * as z from 'zod/mini';
import { type MessageParams, type ValidationIssue, validationRuleKeys } from './messages.ts';

/**
 * Every error the API returns carries one of these codes; the web app maps each to a translated text.
 * The HTTP status goes with the code.
 */
export const errorStatus = {
  validation: 400,
  /** An upload that needs a file came without one (spec: 'no training selected'). */
  file_required: 400,
  bad_credentials: 401,
  unauthenticated: 401,
  credentials_change_required: 403,
  /** The account's role has no area in the portal: the sign-in is refused and no session opened. */
  no_portal_access: 403,
  forbidden: 403,
  /** Staff have blocked the account: it cannot sign in. */
  account_blocked: 403,
  /** A state-changing call (or the chat socket) made by a page of another origin. */
  foreign_origin: 403,
  not_found: 404,
  login_taken: 409,
  conflict: 409,
  /** An Idempotency-Key reused for a different request, or while its first request is still running. */
  idempotency_conflict: 409,
  /** Registration: the half-year has no registration window open now. */
  registration_closed: 409,
  /** Registration: the chosen teacher's stream or subgroup has no seats left (another student took the last one). */
  no_seats: 409,
  /** Registration: the student is already registered for this discipline (and lesson kind) in the half-year. */
  already_registered: 409,
  /** Registration: the discipline would take the student's credits of the half-year past its cap. */
  credit_limit: 409,
  /** Registration: the discipline is not in the student's curriculum for that semester. */
  not_in_curriculum: 403,
  /** Registration: an elective, and the student has no permission to register for electives. */
  elective_not_permitted: 403,
  /** QR check-in: the code scanned has changed since (15 s, a few seconds of grace), or the scan is too old. */
  qr_stale: 409,
  /** QR check-in: not a code this server showed. */
  qr_forged: 400,
  /** QR check-in: the lesson is not on now, or its check-in was stopped. */
  qr_not_now: 409,
  /** QR check-in: the student is not in the lesson's group, subgroup or stream. */
  qr_not_in_audience: 403,
  /** QR check-in: the phone is further from the room than its radius allows (params: distance and radius, metres). */
  qr_too_far: 403,
  /** QR check-in: the phone's location is too coarse to tell the room from the street (params: accuracy, max). */
  qr_fix_too_coarse: 400,
  /** QR check-in: this phone checked in another student a few minutes ago. */
  qr_device_used: 409,
  /** Paid services: this installation takes no card payments (no card provider is configured). */
  card_payments_off: 409,
  /** QR check-in: the scan was made on another phone, or another student has used it. */
  qr_ticket_used: 409,
  /** Staff settings: the record is still used (timetable, payments, registrations) and cannot be deleted. */
  in_use: 409,
  /** Grading sheet: the cell changed since it was read (another teacher saved it); data has it as it is now. */
  stale_cell: 409,
  /** Grading sheet: it is closed (read-only until staff reopen it), or it is open and cannot be reopened. */
  sheet_closed: 409,
  sheet_open: 409,
  /** Grading sheet: the student's control points do not reach the admission minimum: the exam cell is closed. */
  not_admitted: 409,
  /** Rooms: a timetable lesson or another booking takes the room in that slot of that date. */
  room_taken: 409,
  /** Rooms: the slot has begun or is past. */
  booking_past: 409,
  /** Rooms: the teacher has a lesson or another booking in that slot of that date. */
  teacher_busy: 409,
  /** Webinars: no meeting link was given and the university has no base address to make a room from. */
  link_required: 400,
  /** Tests: the test's window is not open now. */
  test_not_open: 409,
  /** Tests: every attempt the test allows has been made. */
  no_attempts_left: 409,
  /** Tests: the answer came after the attempt's deadline (and its grace). */
  deadline_passed: 409,
  /** Tests: the attempt has been submitted. */
  attempt_closed: 409,
  /** Questionnaires: the student has answered this one (about this teacher and discipline) already. */
  already_answered: 409,
  /** Questionnaires: the window is not open now. */
  questionnaire_closed: 409,
  /** Questionnaires: results show only once the questionnaire has closed. */
  results_hidden: 409,
  /** Questionnaires: too few answers to show without exposing who answered what. */
  too_few_answers: 409,
  weak_password: 400,
  wrong_password: 400,
  too_large: 413,
  /** The upload would take the user's stored files past their quota. */
  storage_quota: 413,
  unsupported_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/**
 * The parameters that errors of these codes carry in `error.params` when the server knows them (the web app then
 * shows its detailed text for the code, which uses these names). Codes not listed carry none.
 */
export const errorParams = {
  /** The rule of strongPassword. */
  weak_password: ['minLength'],
  /** The largest accepted size, in MB. */
  too_large: ['maxMb'],
  /** The half-year's cap, the credits registered so far and the discipline's. */
  credit_limit: ['cap', 'used', 'credits'],
} as const satisfies Partial<Record<ErrorCode, readonly string[]>>;

export type ParamsOf<C extends ErrorCode> = C extends keyof typeof errorParams
  ? Record<(typeof errorParams)[C][number], number>
  : undefined;

export const validationIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  rule: z.enum(validationRuleKeys),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});

/**
 * An error: `code` (errorStatus) and an English `message` for API clients; `params` for the codes of errorParams;
 * `issues` for `validation`, one per refused field (rules and their parameters: messages.ts). The web app shows its
 * own text for the code, or for each issue, in the reader's language.
 */
export const apiError = z.object({
  code: z.string(),
  message: z.string(),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  issues: z.optional(z.array(validationIssue)),
});
export interface ApiError {
  code: string;
  message: string;
  params?: MessageParams;
  issues?: ValidationIssue[];
}

/** The envelope of every JSON reply. */
export interface Envelope<T> {
  result: number;
  error: ApiError | null;
  data: T | null;
}

/** The rule for new passwords, shared by the server (enforced) and the web app (hinted). */
export const strongPassword = {
  minLength: 6,
  test(password: string): boolean {
    return (
      password.length >= 6 &&
      password.length <= 128 &&
      /\d/.test(password) &&
      /\p{Lu}/u.test(password) &&
      /\p{Ll}/u.test(password)
    );
  },
};
