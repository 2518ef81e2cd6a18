import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { localizedName } from '../fields.ts';
import { scheduleLesson } from '../schedule/schedule.ts';
import { importFailureReasons, importKinds } from '../staff/import.ts';
import { lessonOnline, webinarItem } from '../webinars/webinars.ts';

/**
 * Home: what needs the signed-in person today, one card per part, each computed by the module that owns its data and
 * showing only what that module's own screen shows the same reader. A card a role has no data for is absent (never
 * an empty card). New cards are optional keys of `cards`, added by the module that owns them (see docs/home.md).
 */

/**
 * Where a lesson stands at `at`: on now (from its start to its end, Bishkek time), the next one of the day, later that
 * day, or over.
 */
export const homeLessonStates = ['now', 'next', 'later', 'done'] as const;

/**
 * A lesson of the day shown (a timetable entry on `lessons.date`), with its QR check-in: whether the teacher's check-in
 * runs now and, for a student, whether they are checked in (null when no check-in was started for it that day).
 */
export const homeLesson = z.extend(scheduleLesson, {
  state: z.enum(homeLessonStates),
  checkin: z.nullable(z.object({ running: z.boolean(), checkedIn: z.nullable(z.boolean()) })),
  /** The lesson is online on that date: its link (a student's only while "Join" is open, 10 minutes before to the end). */
  online: z.optional(lessonOnline),
});
export type HomeLesson = z.infer<typeof homeLesson>;

/** Today's lessons (`today` true), or on a day without any the next day that has some (within two weeks). */
export const homeLessons = z.object({
  date: z.string(),
  today: z.boolean(),
  items: z.array(homeLesson),
  /** Today's online lessons of a teacher's own (not on the timetable) not over yet; left out when none. */
  online: z.optional(z.array(webinarItem)),
});
export type HomeLessons = z.infer<typeof homeLessons>;

const named = z.object({ id: z.number(), ...localizedName });

/**
 * What a student should act on: a registration window first, then the tests open now (closing soonest first), the
 * references (newest first), the payments, and the questionnaires waiting for an answer.
 */
export const homeAction = z.discriminatedUnion('kind', [
  /** An issued reference document, downloadable (`documentUrl`), issued within the last two weeks. */
  z.object({
    kind: z.literal('reference'),
    id_order: z.number(),
    document: named,
    issued: z.string(),
    documentUrl: z.string(),
  }),
  /** A payment waiting for the money, or partly paid (`received` of `amount`, tyiyn). */
  z.object({
    kind: z.literal('payment'),
    id: z.number(),
    status: z.enum(['pending', 'partial']),
    service: named,
    amount: z.number(),
    received: z.number(),
    code: z.string(),
  }),
  /**
   * The discipline registration window of a half-year is open (it closes at `closesAt`, ISO UTC; `closingSoon` within
   * 24 hours) and `unchosen` plan disciplines hold no registration of the student yet.
   */
  z.object({
    kind: z.literal('registration'),
    id_a_year: z.number(),
    ws: z.number(),
    closesAt: z.string(),
    closingSoon: z.boolean(),
    unchosen: z.array(z.object({ id_discipline: z.number(), ...localizedName })),
  }),
  /** A test open now that the student may still take (an attempt left, or one in progress), closing at `closesAt`. */
  z.object({
    kind: z.literal('test'),
    id: z.number(),
    title: z.string(),
    discipline: z.object(localizedName),
    closesAt: z.string(),
    inProgress: z.boolean(),
  }),
  /** A questionnaire open now with `unanswered` of its targets (teacher and discipline) left, closing at `closesAt`. */
  z.object({
    kind: z.literal('questionnaire'),
    id: z.number(),
    title: z.string(),
    closesAt: z.string(),
    unanswered: z.number(),
  }),
]);
export type HomeAction = z.infer<typeof homeAction>;

export const homeNews = z.object({ id: z.number(), created: z.string(), author: z.string(), message: z.string() });
export type HomeNews = z.infer<typeof homeNews>;

/** Unread chat messages: from whom (people, most first) and in group chats. */
export const homeUnread = z.object({
  total: z.number(),
  people: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
  groups: z.number(),
});
export type HomeUnread = z.infer<typeof homeUnread>;

/**
 * A discipline whose absences ('н/б' marks) passed the warning share of its lessons recorded in the journal this
 * half-year (ATTENDANCE_WARNING_SHARE).
 */
export const homeAttendance = z.object({
  id_discipline: z.number(),
  discipline: z.object(localizedName),
  absences: z.number(),
  lessons: z.number(),
});
export type HomeAttendance = z.infer<typeof homeAttendance>;

/** A teacher's lesson of the timetable in the last two weeks with no journal entry for its day. */
export const homeJournalGap = z.object({
  date: z.string(),
  id_discipline: z.number(),
  discipline: z.object(localizedName),
  id_vid_zaniatiy: z.number(),
  lessonKind: z.object(localizedName),
  audience: z.object({ kind: z.enum(['group', 'subgroup', 'stream']), id: z.number(), name: z.string() }),
});
export type HomeJournalGap = z.infer<typeof homeJournalGap>;

/** A student's discipline whose points changed in the last two weeks: the sum so far and its letter on the scale. */
export const homeGrade = z.object({
  sheetId: z.number(),
  discipline: z.object({ id: z.number(), ...localizedName }),
  total: z.number(),
  letter: z.nullable(z.string()),
  closed: z.boolean(),
});
export type HomeGrade = z.infer<typeof homeGrade>;

/** A teacher's grading sheet still open as its half-year ends (on `endsOn`, YYYY-MM-DD): how many cells are filled. */
export const homeGradingSheet = z.object({
  id: z.number(),
  discipline: z.object(localizedName),
  /** The group, or the stream (a discipline lectured to one has one sheet for all its groups). */
  audience: z.object(localizedName),
  filled: z.number(),
  cells: z.number(),
  endsOn: z.string(),
});
export type HomeGradingSheet = z.infer<typeof homeGradingSheet>;

/** Staff: the reference orders waiting and being prepared, and since when the oldest has waited (ISO UTC). */
export const homeOrders = z.object({
  waiting: z.number(),
  preparing: z.number(),
  oldestWaitingSince: z.nullable(z.string()),
});

/** Staff: today's payments (Bishkek day): how many, and the tyiyn paid. */
export const homePayments = z.object({ count: z.number(), paidTotal: z.number() });

/** Staff: the correction requests of the personal cards, new and in progress, and since when the oldest new one waits. */
export const homeCorrections = z.object({
  new: z.number(),
  inProgress: z.number(),
  oldestNewSince: z.nullable(z.string()),
});

/** Staff: the imports of the last week that failed and were not followed by a successful one of their kind. */
export const homeImports = z.object({
  count: z.number(),
  /** The newest few: what, from which file, why, when (ISO UTC) and who started it. */
  latest: z.array(
    z.object({
      kind: z.enum(importKinds),
      fileName: z.nullable(z.string()),
      reason: z.nullable(z.enum(importFailureReasons)),
      at: z.string(),
      actorName: z.string(),
    }),
  ),
});

export const homeAudit = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetName: z.nullable(z.string()),
});

export const homeCards = z.object({
  lessons: z.optional(homeLessons),
  actions: z.optional(z.array(homeAction)),
  attendance: z.optional(z.array(homeAttendance)),
  journalGaps: z.optional(z.array(homeJournalGap)),
  grades: z.optional(z.array(homeGrade)),
  gradingSheets: z.optional(z.array(homeGradingSheet)),
  unread: z.optional(homeUnread),
  news: z.optional(z.array(homeNews)),
  orders: z.optional(homeOrders),
  payments: z.optional(homePayments),
  audit: z.optional(z.array(homeAudit)),
  corrections: z.optional(homeCorrections),
  imports: z.optional(homeImports),
});
export type HomeCards = z.infer<typeof homeCards>;

export const homeSummaryReply = z.object({
  /** When the summary was made (ISO UTC) and its day in Asia/Bishkek (YYYY-MM-DD). */
  at: z.string(),
  today: z.string(),
  cards: homeCards,
});
export type HomeSummary = z.infer<typeof homeSummaryReply>;

export const homeSummary = defineEndpoint({
  id: 'home.summary',
  method: 'GET',
  path: '/api/home/summary.json',
  access: 'authenticated',
  summary:
    "What needs the caller today, in one call: a student's lessons (today's, or the next day's that has some), actions (the registration window open with disciplines still unchosen, a reference ready, a payment pending or partly paid), attendance warnings, unread messages and the latest news; a teacher's lessons, timetable lessons of the last two weeks with no journal entry, unread messages and news; staff's queues (reference orders, correction requests, failed imports), today's payments and the latest audit entries. A card with nothing to show is absent. Kept a few seconds per person.",
  request: emptyRequest,
  response: homeSummaryReply,
});
