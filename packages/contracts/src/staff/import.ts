import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';

/** Staff data import (issue 30): students, teachers, groups, the timetable and final grades from CSV or XLSX, a dry run first, then all or nothing. */

export const importKinds = ['students', 'teachers', 'groups', 'timetable', 'grades'] as const;
export type ImportKind = (typeof importKinds)[number];
export const importFormats = ['csv', 'xlsx'] as const;

/** The columns of each kind's file, in template order; the first row of a file names them. */
export const importColumns = {
  students: ['record_book', 'last_name', 'first_name', 'patronymic', 'group'],
  teachers: ['staff_number', 'last_name', 'first_name', 'patronymic', 'department', 'position'],
  groups: ['name', 'speciality_code', 'study_form', 'admission_year'],
  timetable: [
    'group',
    'academic_year',
    'half_year',
    'day',
    'slot',
    'week',
    'discipline_code',
    'lesson_kind',
    'teacher',
    'room',
  ],
  grades: ['record_book', 'discipline_code', 'academic_year', 'half_year', 'semester', 'credits', 'points'],
} as const satisfies Record<ImportKind, readonly string[]>;

/** `unzippedMaxMb`: what an XLSX may inflate to (a zip bomb is refused before it fills the memory). */
export const importLimits = {
  maxLines: 20_000,
  problemsShown: 500,
  nameMax: 60,
  keyMax: 30,
  unzippedMaxMb: 64,
} as const;

/**
 * What can be wrong with a file or a line; the web app translates each code with its params.
 * - missing_column {column}: the header row lacks a column; unknown_column {column}: one it does not know
 * - required, too_long {max}, invalid_choice {options}, out_of_range {min,max}: a cell's value
 * - unknown_group, _speciality, _department, _position, _student, _discipline, _year, _semester {value}: names no record
 * - duplicate_in_file {line}: the same natural key as an earlier line
 * - no_assignment: the teacher has no such assignment for the group in that half-year (timetable)
 * - teacher_busy, room_busy, group_busy: the lesson would clash with another in the timetable or the file
 * - bad_encoding: the text is not UTF-8 (e.g. Windows-1251) or holds mojibake; save the file as UTF-8
 * - invisible_character {char}: a control character (NUL…), a zero-width or a bidirectional-control one in a cell
 * - unreadable: neither CSV nor XLSX could be read; empty: no data lines; too_many_lines {max}; too_large {max}: an
 *   XLSX that inflates to more than `max` MB
 */
export const importProblemCodes = [
  'missing_column',
  'unknown_column',
  'required',
  'too_long',
  'invalid_choice',
  'out_of_range',
  'unknown_group',
  'unknown_speciality',
  'unknown_department',
  'unknown_position',
  'unknown_student',
  'unknown_discipline',
  'unknown_year',
  'unknown_semester',
  'unknown_lesson_kind',
  'unknown_teacher',
  'unknown_room',
  'unknown_slot',
  'no_assignment',
  'teacher_busy',
  'room_busy',
  'group_busy',
  'duplicate_in_file',
  'bad_encoding',
  'invisible_character',
  'unreadable',
  'empty',
  'too_many_lines',
  'too_large',
] as const;
export type ImportProblemCode = (typeof importProblemCodes)[number];

export const importProblem = z.object({
  /** The file's line (the header is line 1); 0 for the file as a whole. */
  line: z.number(),
  /** The column's key (see importColumns), or '' for the whole line or file. */
  column: z.string(),
  code: z.enum(importProblemCodes),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const importReport = z.object({
  kind: z.enum(importKinds),
  /** Data lines read (the header not counted). */
  lines: z.number(),
  /** Lines that would create a record, change one, or leave one as it is. */
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
  /** Every problem found (at most importLimits.problemsShown of them are listed); none means the file can be imported. */
  problemCount: z.number(),
  problems: z.array(importProblem),
});
export type ImportReport = z.infer<typeof importReport>;

const kindInput = z.enum(importKinds, 'invalid_choice');

export const importTemplate = defineEndpoint({
  id: 'staff.importTemplate',
  method: 'GET',
  path: '/api/staff/import/template.file',
  access: 'staff',
  replyKind: 'file',
  summary:
    'The template for `kind` (students, teachers, groups, timetable or grades) as `format` xlsx or csv (UTF-8 with BOM, comma-separated): the header row and one example line.',
  request: z.object({ kind: kindInput, format: z.enum(importFormats, 'invalid_choice') }),
  response: z.never(),
});

export const importCheck = defineEndpoint({
  id: 'staff.importCheck',
  method: 'POST',
  path: '/api/staff/import/check.json',
  access: 'staff',
  requestKind: 'multipart',
  summary: `Dry run: reads the file part (CSV in UTF-8 with , or ; between values, or XLSX) of \`kind\` and answers, changing nothing, what an import would do and every problem by line and column. At most ${importLimits.maxLines} lines.`,
  request: z.object({ kind: kindInput }),
  response: importReport,
});

export const importStart = defineEndpoint({
  id: 'staff.importStart',
  method: 'POST',
  path: '/api/staff/import/start.json',
  access: 'staff',
  audit: ['import.students', 'import.teachers', 'import.groups', 'import.timetable', 'import.grades'],
  requestKind: 'multipart',
  summary:
    'Checks the file as importCheck does; when it is clean, starts the import as a job (answers its `job` id, to follow with importStatus), else answers `job` null and the report. The import is one transaction, all or nothing; lines whose record already exists change it, so importing a file again changes nothing. New students and teachers get issued credentials (not reissued on re-import). Natural keys: record_book (students), staff_number (teachers), name (groups), group + academic_year + half_year + day + slot + week (timetable: lessons of a whole group), record_book + discipline_code + academic_year + half_year (grades: final results).',
  request: z.object({ kind: kindInput }),
  response: z.object({ job: z.nullable(z.string()), report: importReport }),
});

export const importedCredentials = z.object({
  login: z.string(),
  password: z.string(),
  fullName: z.string(),
  /** The student's group or the teacher's department. */
  unit: z.string(),
  /** The line's natural key: the record book (students) or the personnel number (teachers). */
  key: z.string(),
});
export type ImportedCredentials = z.infer<typeof importedCredentials>;

export const importJobStates = ['running', 'done', 'failed'] as const;

/**
 * Why an import failed (nothing was imported): changed: the data changed since the check, so the file now has
 * problems (check it again); conflict: another change (another import) wrote the same records at the same time;
 * interrupted: the server running it stopped; failed: an error of the server (logged with the job's id).
 */
export const importFailureReasons = ['changed', 'conflict', 'interrupted', 'failed'] as const;
export type ImportFailureReason = (typeof importFailureReasons)[number];

export const importStatus = defineEndpoint({
  id: 'staff.importStatus',
  method: 'POST',
  path: '/api/staff/import/status.json',
  access: 'staff',
  summary:
    "How job `job` (started by the caller) is going: `done` of `total` lines. When it is done, the result with the new accounts' issued credentials, answered this once (then the job is forgotten); failed: nothing was imported, and `reason` says why. 404 for an unknown job.",
  request: z.object({ job: z.string().check(z.minLength(1, 'required'), z.maxLength(64)) }),
  response: z.object({
    state: z.enum(importJobStates),
    done: z.number(),
    total: z.number(),
    /** Why a failed import failed; null otherwise. */
    reason: z.nullable(z.enum(importFailureReasons)),
    result: z.nullable(
      z.object({
        created: z.number(),
        updated: z.number(),
        unchanged: z.number(),
        credentials: z.array(importedCredentials),
      }),
    ),
  }),
});
