import * as z from 'zod/mini';
import { academicYearInput, halfYearInput } from '../discipline/filters.ts';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput, localizedName } from '../fields.ts';

/**
 * A teacher's workload in a half-year: each discipline × lesson kind × audience they teach, its planned hours (the
 * timetable's pairs of the half-year: each weekly lesson on every date of its weekday, a numerator or denominator
 * lesson only in weeks of its parity; a pair is two academic hours), the hours given (lessons the teacher recorded in
 * the journal, two hours each) and what remains. Rows come from the timetable, from teaching assignments the timetable
 * has no lesson of yet (planned 0), and from journals the teacher recorded lessons in outside both (planned 0).
 */

/** Academic hours in a pair (one lesson of the timetable, one lesson of the journal). */
export const hoursPerPair = 2;

/**
 * When a teacher is marked: `over` when the hours given exceed the whole half-year's plan; `behind` when the hours
 * given fall short of those planned up to today by more than `behindShare` of them and at least `behindMinHours`.
 */
export const workloadMargins = { behindShare: 0.1, behindMinHours: 4 } as const;
export const workloadStatuses = ['ok', 'behind', 'over'] as const;
export type WorkloadStatus = (typeof workloadStatuses)[number];

const named = z.object(localizedName);
const hours = z.object({
  planned: z.number(),
  /** Planned up to now: the pairs of the dates before today, and today's that have ended. */
  plannedSoFar: z.number(),
  given: z.number(),
  /** Planned less given (negative when more was given than planned). */
  remaining: z.number(),
});
export type WorkloadHours = z.infer<typeof hours>;

export const workloadRow = z.object({
  discipline: z.object({ id: z.number(), code: z.string(), ...localizedName }),
  lessonKind: z.object({ id: z.number(), ...localizedName }),
  audience: z.object({ kind: z.enum(['group', 'subgroup', 'stream']), id: z.number(), name: z.string() }),
  /** Lessons a week in the timetable: every week, numerator (odd) weeks only, denominator (even) weeks only. */
  weekly: z.object({ every: z.number(), odd: z.number(), even: z.number() }),
  ...hours.shape,
  status: z.enum(workloadStatuses),
});
export type WorkloadRow = z.infer<typeof workloadRow>;

export const teacherWorkload = z.object({
  teacher: z.object({ id: z.number(), name: z.string(), department: named }),
  year: z.number(),
  ws: z.number(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** Weeks of the half-year, counted from the week of its first day (week 1 is a numerator week). */
  weeks: z.number(),
  /** The day (YYYY-MM-DD, Bishkek) "so far" is counted to. */
  asOf: z.string(),
  rows: z.array(workloadRow),
  totals: hours,
  status: z.enum(workloadStatuses),
});
export type TeacherWorkload = z.infer<typeof teacherWorkload>;

const period = { ...callerEcho, year: z.optional(academicYearInput), ws: z.optional(halfYearInput) };
const languageInput = z._default(z.enum(['ru', 'kg', 'en']), 'ru');

export const workloadMine = defineEndpoint({
  id: 'workload.mine',
  method: 'POST',
  path: '/api/workload/mine.json',
  access: 'teacher',
  summary:
    "The calling teacher's workload in half-year `year`, `ws` (today's by default): planned, given and remaining hours by discipline, lesson kind and audience, with totals.",
  request: z.object(period),
  response: teacherWorkload,
});

export const workloadMineXlsx = defineEndpoint({
  id: 'workload.mineXlsx',
  method: 'GET',
  path: '/api/workload/mine.xlsx',
  access: 'teacher',
  replyKind: 'file',
  summary: 'The same workload as an Excel workbook (numbers as numbers), headed in language `lang`.',
  request: z.object({ ...period, lang: languageInput }),
  response: z.never(),
});

export const workloadTeachers = defineEndpoint({
  id: 'workload.teachers',
  method: 'POST',
  path: '/api/staff/workload/teachers.json',
  access: 'staff',
  summary:
    "Every teacher's workload totals in half-year `year`, `ws` (today's by default), by department (only `departmentId`'s when given), each marked behind, over or ok; with the departments to choose from.",
  request: z.object({ ...period, departmentId: z.optional(idInput) }),
  response: z.object({
    year: z.number(),
    ws: z.number(),
    asOf: z.string(),
    departments: z.array(z.object({ id: z.number(), ...localizedName })),
    teachers: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        departmentId: z.number(),
        ...hours.shape,
        status: z.enum(workloadStatuses),
      }),
    ),
  }),
});

export const workloadTeacher = defineEndpoint({
  id: 'workload.teacher',
  method: 'POST',
  path: '/api/staff/workload/teacher.json',
  access: 'staff',
  summary:
    "Teacher `teacherId`'s workload in half-year `year`, `ws` (today's by default), for staff; 404 for anyone else.",
  request: z.object({ ...period, teacherId: idInput }),
  response: teacherWorkload,
});

export const workloadTeacherXlsx = defineEndpoint({
  id: 'workload.teacherXlsx',
  method: 'GET',
  path: '/api/staff/workload/teacher.xlsx',
  access: 'staff',
  replyKind: 'file',
  summary: "Teacher `teacherId`'s workload as an Excel workbook, for staff, headed in language `lang`.",
  request: z.object({ ...period, teacherId: idInput, lang: languageInput }),
  response: z.never(),
});
