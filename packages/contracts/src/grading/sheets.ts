import * as z from 'zod/mini';
import { academicYearInput, halfYearInput } from '../discipline/filters.ts';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput, localizedName, wholeNumber } from '../fields.ts';

/**
 * The electronic grading sheet (issue 38). A sheet is one discipline, audience and half-year: the audience is the
 * stream when the discipline is lectured to one (all its groups on one sheet), else the group. Its columns are the
 * control points (modules) and the examination, each with its maximum (they sum to 100), and each student's points.
 * The teachers who teach the discipline to any of its groups (the stream's lecturer, the groups' practice teachers,
 * their subgroups') share it. A cell
 * is written with the version it was read at: a stale write gets 409 `stale_cell` with the cell as it is. The teacher
 * closes the sheet: every student's total goes to the transcript in the same transaction; a closed sheet is
 * read-only (409 `sheet_closed`) until staff reopen it with a reason.
 */

const gradingPath = (name: string) => `/api/grading/${name}.json`;

export const sheetKinds = ['regular', 'retake', 'individual'] as const;
export const sheetStatuses = ['open', 'closed'] as const;

const periodFields = {
  ...callerEcho,
  year: z.optional(academicYearInput),
  ws: z.optional(halfYearInput),
};

export const gradingColumn = z.object({ kind: z.enum(['module', 'exam']), max: z.number() });
export type GradingColumn = z.infer<typeof gradingColumn>;

/** A sheet in a list. */
export const sheetSummary = z.object({
  id: z.number(),
  kind: z.enum(sheetKinds),
  status: z.enum(sheetStatuses),
  year: z.number(),
  ws: z.number(),
  discipline: z.object({ id: z.number(), code: z.string(), ...localizedName }),
  /** Whose sheet it is: a group, or a stream (every group of it, when the discipline is lectured to one). */
  audience: z.object({ kind: z.enum(['group', 'stream']), id: z.number(), ...localizedName }),
  credits: z.number(),
  students: z.number(),
  /** Cells with points, of students × columns. */
  filled: z.number(),
  cells: z.number(),
  closedAt: z.nullable(z.string()),
});
export type SheetSummary = z.infer<typeof sheetSummary>;

export const gradingCell = z.object({ points: z.nullable(z.number()), version: z.number() });
export type GradingCell = z.infer<typeof gradingCell>;

export const rowTotalsSchema = z.object({
  modules: z.number(),
  admitted: z.boolean(),
  missingForAdmission: z.number(),
  total: z.number(),
  letter: z.nullable(z.string()),
  numeric: z.nullable(z.number()),
  passed: z.boolean(),
});

/** Attendance from the journal, for the teacher's judgement: absences and points of the discipline's journals. */
export const attendance = z.object({ absences: z.number(), points: z.number() });

export const sheetRow = z.object({
  studentId: z.number(),
  name: z.string(),
  recordBook: z.nullable(z.string()),
  /** The student's group (a stream's sheet lists its groups' students, by group). */
  group: z.string(),
  /** One per column, in order; version 0: never written. */
  cells: z.array(gradingCell),
  totals: rowTotalsSchema,
  attendance: z.nullable(attendance),
});
export type SheetRow = z.infer<typeof sheetRow>;

export const sheetEvent = z.object({
  action: z.enum(['close', 'reopen']),
  reason: z.string(),
  actor: z.nullable(z.string()),
  at: z.string(),
});

export const gradingSheet = z.object({
  ...sheetSummary.shape,
  semester: z.number(),
  examinationType: z.nullable(z.object(localizedName)),
  faculty: z.object(localizedName),
  teachers: z.array(z.string()),
  columns: z.array(gradingColumn),
  admissionMin: z.number(),
  rows: z.array(sheetRow),
  events: z.array(sheetEvent),
  /** Whether the caller may write it now (a teacher of it, the sheet open). */
  editable: z.boolean(),
});
export type GradingSheet = z.infer<typeof gradingSheet>;

export const teacherSheets = defineEndpoint({
  id: 'grading.teacherSheets',
  method: 'POST',
  path: gradingPath('sheets'),
  access: 'teacher',
  summary:
    "The teacher's grading sheets of a half-year (`year`, `ws`: today's by default): one per discipline and stream (or group, without a stream) they teach, made when first listed, then any retake or individual sheets of those.",
  request: z.object(periodFields),
  response: z.array(sheetSummary),
});

const sheetRequest = z.object({ ...callerEcho, id: idInput });

export const teacherSheet = defineEndpoint({
  id: 'grading.teacherSheet',
  method: 'POST',
  path: gradingPath('sheet'),
  access: 'teacher',
  summary:
    "A grading sheet of the teacher: its columns, every student with their points per column (and each cell's version), totals and attendance from the journal. 403 for a sheet the teacher does not teach.",
  request: sheetRequest,
  response: gradingSheet,
});

export const cellSave = defineEndpoint({
  id: 'grading.cellSave',
  method: 'POST',
  path: gradingPath('cell'),
  access: 'teacher',
  summary:
    "Sets one cell: student `studentId`'s points in column `column` (from 0) of sheet `id`, or clears it (`points` null). `version` is the cell's version as read (0 for an empty one): if it has changed since, 409 stale_cell with the cell as it is now (data). Points outside 0..the column's maximum: 400 naming the maximum. The exam cell of a student not admitted: 409 not_admitted. A closed sheet: 409 sheet_closed. Answers with the cell and the student's totals.",
  request: z.object({
    ...callerEcho,
    id: idInput,
    studentId: idInput,
    column: wholeNumber(0, 5),
    points: z.nullable(z.number().check(z.int('not_integer'))),
    version: wholeNumber(0, 1_000_000),
  }),
  response: z.object({ cell: gradingCell, totals: rowTotalsSchema }),
});

export const sheetClose = defineEndpoint({
  id: 'grading.close',
  method: 'POST',
  path: gradingPath('close'),
  access: 'teacher',
  summary:
    "Closes sheet `id` (`confirm` must be true: the web app first shows the empty cells, which count as 0). In the same transaction every student's total is written to the transcript; the sheet is then read-only. 409 sheet_closed if it already is.",
  request: z.object({ ...callerEcho, id: idInput, confirm: z.literal(true, 'required') }),
  response: gradingSheet,
});

export const staffSheets = defineEndpoint({
  id: 'grading.staffSheets',
  method: 'POST',
  path: gradingPath('staff/sheets'),
  access: 'staff',
  summary:
    "Grading sheets (staff) of a half-year (`year`, `ws`: today's by default), optionally of one group or status, at most 500.",
  request: z.object({
    ...periodFields,
    groupId: z.optional(idInput),
    status: z.optional(z.enum(sheetStatuses)),
  }),
  response: z.array(sheetSummary),
});

export const staffSheet = defineEndpoint({
  id: 'grading.staffSheet',
  method: 'POST',
  path: gradingPath('staff/sheet'),
  access: 'staff',
  summary: 'Any grading sheet (staff), read-only, with its closes and reopens.',
  request: sheetRequest,
  response: gradingSheet,
});

export const sheetReopen = defineEndpoint({
  id: 'grading.reopen',
  method: 'POST',
  path: gradingPath('staff/reopen'),
  access: 'staff',
  audit: ['grading.reopen'],
  summary:
    "Reopens closed sheet `id` (staff) for `reason` (3–500 characters), recorded in the audit log and the sheet's events. Its results stay in the transcript until it is closed again; every change to its cells from now on is kept in its history. 409 if it is open.",
  request: z.object({
    ...callerEcho,
    id: idInput,
    reason: z.string().check(z.trim(), z.minLength(3, 'too_short'), z.maxLength(500, 'too_long')),
  }),
  response: gradingSheet,
});

export const schemeColumn = z.object({
  kind: z.enum(['module', 'exam']),
  max: z.number().check(z.int('not_integer'), z.gte(1), z.lte(100)),
});

export const schemeGet = defineEndpoint({
  id: 'grading.scheme',
  method: 'POST',
  path: gradingPath('staff/scheme'),
  access: 'staff',
  summary:
    "A discipline's control points and admission minimum (the defaults, 30 + 30 + 40 and 30, when none are set).",
  request: z.object({ ...callerEcho, disciplineId: idInput }),
  response: z.object({
    disciplineId: z.number(),
    columns: z.array(gradingColumn),
    admissionMin: z.number(),
    isDefault: z.boolean(),
  }),
});

export const schemeSave = defineEndpoint({
  id: 'grading.schemeSave',
  method: 'POST',
  path: gradingPath('staff/scheme/save'),
  access: 'staff',
  audit: ['grading.scheme'],
  summary:
    "Sets a discipline's control points (staff): `columns`, 1–6 of {kind module|exam, max}, maxima summing to 100, the exam (if any) last; `admissionMin`, the points from the modules needed to sit the exam. Sheets made from now on take them, and so do open sheets with no points yet.",
  request: z.object({
    ...callerEcho,
    disciplineId: idInput,
    columns: z.array(schemeColumn).check(
      z.minLength(1, 'too_few'),
      z.maxLength(6, 'too_many'),
      z.refine((cols) => cols.reduce((s, c) => s + c.max, 0) === 100, 'maxima_sum_100'),
      z.refine(
        (cols) =>
          cols.filter((c) => c.kind === 'exam').length <= 1 && cols.slice(0, -1).every((c) => c.kind === 'module'),
        'exam_last',
      ),
    ),
    admissionMin: wholeNumber(0, 100),
  }),
  response: z.object({
    disciplineId: z.number(),
    columns: z.array(gradingColumn),
    admissionMin: z.number(),
    isDefault: z.boolean(),
  }),
});

export const retakeIssue = defineEndpoint({
  id: 'grading.retakeIssue',
  method: 'POST',
  path: gradingPath('staff/retake'),
  access: 'staff',
  audit: ['grading.retake'],
  summary:
    'Issues a retake sheet (staff) for closed sheet `id`: its students below the pass mark, the same discipline and half-year; `studentId` makes an individual sheet for that one student instead (illness, transfer). Closing it replaces their result in the transcript; the first sheet keeps what it had.',
  request: z.object({ ...callerEcho, id: idInput, studentId: z.optional(idInput) }),
  response: sheetSummary,
});

/** A student's own points in one discipline. */
export const myDiscipline = z.object({
  sheetId: z.number(),
  kind: z.enum(sheetKinds),
  status: z.enum(sheetStatuses),
  discipline: z.object({ id: z.number(), code: z.string(), ...localizedName }),
  credits: z.number(),
  columns: z.array(gradingColumn),
  admissionMin: z.number(),
  points: z.array(z.nullable(z.number())),
  totals: rowTotalsSchema,
});
export type MyDiscipline = z.infer<typeof myDiscipline>;

export const myPoints = defineEndpoint({
  id: 'grading.myPoints',
  method: 'POST',
  path: gradingPath('my'),
  access: 'student',
  summary:
    "The student's own points per discipline in a half-year (`year`, `ws`: today's by default), as entered: per column, the sum, what is missing for admission, and what the sum would mean on the scale. Never another student's.",
  request: z.object(periodFields),
  response: z.array(myDiscipline),
});

const exportRequest = z.object({ ...callerEcho, id: idInput, lang: z._default(z.enum(['ru', 'kg', 'en']), 'ru') });

export const sheetPdf = defineEndpoint({
  id: 'grading.sheetPdf',
  method: 'GET',
  path: '/api/grading/sheet.pdf',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    "Sheet `id` as an A4 PDF in language `lang`: the institution, faculty, group, discipline, teachers, date, every student's points and grade, lines for the signatures. For its teachers and staff (403 otherwise).",
  request: exportRequest,
  response: z.never(),
});

export const sheetXlsx = defineEndpoint({
  id: 'grading.sheetXlsx',
  method: 'GET',
  path: '/api/grading/sheet.xlsx',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    'Sheet `id` as an Excel workbook (points and totals as numbers), headed in language `lang`. For its teachers and staff.',
  request: exportRequest,
  response: z.never(),
});
