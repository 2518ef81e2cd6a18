import * as z from 'zod/mini';
import { academicYearInput, halfYearInput } from '../discipline/filters.ts';
import { callerEcho } from '../endpoint.ts';
import { dateInput, idInput, localizedName, wholeNumber } from '../fields.ts';

/**
 * The attendance journal (spec: Journal, Visit log). A journal is one discipline (`id_discipline`) and lesson kind
 * (`id_vid_zaniatiy`) in a half-year (`year`, `ws`: today's by default) for one audience: `groupType` says whether
 * `id_group` is a group, a subgroup or a stream. A lesson of it is a date (`visitDate`), a slot of the bell schedule
 * (`id_time`) and which time of a double lesson it is (`timesCount`, 1–5). A teacher reads and changes only journals
 * of disciplines, kinds and audiences they teach (their teaching assignments); a student reads their own marks.
 */

export const groupTypes = ['group', 'subgroup', 'stream'] as const;
export type GroupType = (typeof groupTypes)[number];

export const periodFields = {
  ...callerEcho,
  year: z.optional(academicYearInput),
  ws: z.optional(halfYearInput),
};

/** Which journal: the half-year, the discipline, the lesson kind and the audience. */
export const journalFields = {
  ...periodFields,
  id_discipline: idInput,
  id_vid_zaniatiy: idInput,
  groupType: z.enum(groupTypes),
  id_group: idInput,
};
export const journalRequest = z.object(journalFields);
export type JournalKey = z.output<typeof journalRequest>;

/** Which time of a double lesson (the spec's first to fifth). */
export const timesCountInput = wholeNumber(1, 5);

/** Which lesson of a journal. */
export const lessonFields = {
  ...journalFields,
  visitDate: dateInput,
  id_time: idInput,
  timesCount: z._default(timesCountInput, 1),
};
export const lessonRequest = z.object(lessonFields);
export type LessonKey = z.output<typeof lessonRequest>;

/** A mark of the scale (getassessments): `points` null for '+' (present, no grade); 'н/б' is the absence, 0 points. */
export const assessment = z.object({
  id_otsenka: z.number(),
  code: z.string(),
  points: z.nullable(z.number()),
  isAbsence: z.boolean(),
});
export type Assessment = z.infer<typeof assessment>;

/** A lesson (a column of the table): its slot's number and times, its topic. */
export const journalLesson = z.object({
  id_lesson: z.number(),
  visitDate: z.string(),
  id_time: z.number(),
  number: z.number(),
  start: z.string(),
  end: z.string(),
  timesCount: z.number(),
  id_tema: z.nullable(z.number()),
  tema: z.string(),
  /** The timetable's lesson (schedule entry) this column is when it is today's: a QR check-in starts from it. */
  id_shed: z.nullable(z.number()),
});
export type JournalLesson = z.infer<typeof journalLesson>;

/** What a row of marks adds up to: absences ('н/б'), points, and the average grade (2 decimals; null with no grade). */
export const journalTotals = z.object({
  absences: z.number(),
  points: z.number(),
  average: z.nullable(z.number()),
});
export type JournalTotals = z.infer<typeof journalTotals>;

/**
 * A student's row (spec: Attendance journal row): `otsenka` and `id_studentJournalVisit` hold, for each lesson of
 * `dates` in order, the mark's assessment id and the mark's id (null where there is none).
 */
export const journalRow = z.object({
  id_student: z.number(),
  s_fio: z.string(),
  otsenka: z.array(z.nullable(z.number())),
  id_studentJournalVisit: z.array(z.nullable(z.number())),
  ...journalTotals.shape,
});
export type JournalRow = z.infer<typeof journalRow>;

export const journalHeader = z.object({
  year: z.number(),
  ws: z.number(),
  startsOn: z.string(),
  endsOn: z.string(),
  discipline: z.object(localizedName),
  lessonKind: z.object(localizedName),
  groupType: z.enum(groupTypes),
  id_group: z.number(),
  groupName: z.string(),
  /** The names of the groups the audience reaches (a stream's groups; a subgroup's group). */
  groups: z.array(z.string()),
});

export const journal = z.object({
  ...journalHeader.shape,
  dates: z.array(journalLesson),
  rows: z.array(journalRow),
});
export type Journal = z.infer<typeof journal>;

export const student = z.object({ id_student: z.number(), s_fio: z.string() });
export type JournalStudent = z.infer<typeof student>;

/** Every visit-log call is a POST to /api/visitlog/<name>.json unless it says otherwise. */
export const visitlogPath = (name: string) => `/api/visitlog/${name}.json`;
