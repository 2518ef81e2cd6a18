import { randomInt, randomUUID } from 'node:crypto';
import {
  type ImportedCredentials,
  type ImportFailureReason,
  type ImportKind,
  type ImportProblem,
  type ImportReport,
  importColumns,
  importLimits,
} from '@okuu/contracts/staff/import';
import { AppError } from '../../lib/app-error.ts';
import { hashIssuedPassword } from '../../lib/passwords.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { RecordGroupMoves } from '../card/card.service.ts';
import { issuedPassword } from '../staff/staff.service.ts';
import type {
  ExistingStudent,
  ExistingTeacher,
  GradeFields,
  GroupFields,
  ImportQueries,
  ImportRepository,
  LessonFields,
  NewPerson,
} from './import.repository.ts';
import { gradeKey, lessonKey, queriesOf } from './import.repository.ts';
import { readTable, type Table, type TableRefusal } from './read-table.ts';

/** A file as read: its table, or why it could not be read. */
type Read = Table | TableRefusal;

const tableLimits = { maxLines: importLimits.maxLines, maxUnzippedBytes: importLimits.unzippedMaxMb * 1024 * 1024 };

/**
 * Characters no cell may hold: control characters (NUL among them, which PostgreSQL refuses in text), and the
 * invisible ones that change how a name reads or compares (zero-width and bidirectional controls: \p{Cf}).
 */
const invisible = /[\p{Cc}\p{Cf}]/u;
const codePoint = (ch: string) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

type Values = Record<string, string>;

interface Plan<Create, Update> {
  report: ImportReport;
  creates: (Create & { line: number })[];
  updates: Update[];
}

/** A new student or teacher: the line's natural key, the name, where they belong (shown on the slip) and the profile. */
interface PersonCreate {
  key: string;
  lastName: string;
  firstName: string;
  patronymic: string;
  unit: string;
  profile: NewPerson['profile'];
}

/** A student's update keeps the group they were in (`fromGroupId`): a change of group is recorded as a move. */
type PersonUpdate = { role: 2; s: ExistingStudent; fromGroupId: number } | { role: 1; t: ExistingTeacher };

type AnyPlan =
  | Plan<PersonCreate, PersonUpdate>
  | Plan<GroupFields, { id: number; fields: GroupFields }>
  | Plan<GradeFields, { id: number; fields: GradeFields }>
  | Plan<LessonFields, { id: number; fields: LessonFields }>;

const studyFormChoices: Record<string, GroupFields['studyForm']> = {
  full_time: 'full_time',
  part_time: 'part_time',
  очная: 'full_time',
  заочная: 'part_time',
};

/** Collects a file's problems; keeps the first importLimits.problemsShown for the report. */
class Problems {
  list: ImportProblem[] = [];
  count = 0;
  add(line: number, column: string, code: ImportProblem['code'], params: ImportProblem['params'] = {}) {
    this.count++;
    if (this.list.length < importLimits.problemsShown) this.list.push({ line, column, code, params });
  }
}

/**
 * The file's lines keyed by the header, reporting the file's, the header's and the encoding's problems, and every cell
 * holding a character no record may (such a line is reported and left out). The dry run and the import read the same
 * way, so the import refuses nothing the dry run let pass.
 */
function readLines(kind: ImportKind, read: Read, problems: Problems): { line: number; v: Values }[] {
  if (read === 'unreadable') {
    problems.add(0, '', 'unreadable');
    return [];
  }
  if (read === 'too_large') {
    problems.add(0, '', 'too_large', { max: importLimits.unzippedMaxMb });
    return [];
  }
  const [header, ...data] = read.rows;
  if (!header || data.length === 0) {
    problems.add(0, '', 'empty');
    return [];
  }
  if (read.truncated || data.length > importLimits.maxLines) {
    problems.add(0, '', 'too_many_lines', { max: importLimits.maxLines });
    return [];
  }
  for (const line of read.badEncodingLines) problems.add(line, '', 'bad_encoding');
  const keys = header.cells.map((c) => c.toLowerCase());
  const columns: readonly string[] = importColumns[kind];
  for (const c of columns) if (!keys.includes(c)) problems.add(header.line, c, 'missing_column', { column: c });
  for (const k of keys) if (k && !columns.includes(k)) problems.add(header.line, k, 'unknown_column', { column: k });
  if (problems.count) return [];
  const lines: { line: number; v: Values }[] = [];
  for (const r of data) {
    const v = Object.fromEntries(columns.map((c) => [c, r.cells[keys.indexOf(c)] ?? '']));
    let clean = true;
    for (const c of columns) {
      const found = invisible.exec(v[c] ?? '');
      if (!found) continue;
      problems.add(r.line, c, 'invisible_character', { char: codePoint(found[0]) });
      clean = false;
    }
    if (clean) lines.push({ line: r.line, v });
  }
  return lines;
}

function text(problems: Problems, line: number, v: Values, column: string, max: number, required = true): string {
  const value = v[column] ?? '';
  if (required && value === '') problems.add(line, column, 'required');
  else if (value.length > max) problems.add(line, column, 'too_long', { max });
  return value;
}

/** Students (key record_book, group) or teachers (key staff_number, department, position). */
async function planPeople(
  q: ImportQueries,
  kind: 'students' | 'teachers',
  read: Read,
): Promise<Plan<PersonCreate, PersonUpdate>> {
  const problems = new Problems();
  const lines = readLines(kind, read, problems);
  const students = kind === 'students';
  const keyColumn = students ? 'record_book' : 'staff_number';
  const keys = lines.map((l) => l.v[keyColumn] ?? '').filter(Boolean);
  const groupsByName = students ? await q.groupsByName() : new Map();
  const existingStudents = students ? await q.studentsByRecordBook(keys) : new Map<string, ExistingStudent>();
  const departments = students ? new Map() : await q.departmentsByName();
  const positions = students ? new Map() : await q.positionsByName();
  const existingTeachers = students ? new Map<string, ExistingTeacher>() : await q.teachersByStaffNumber(keys);
  const seen = new Map<string, number>();
  const creates: (PersonCreate & { line: number })[] = [];
  const updates: PersonUpdate[] = [];
  let unchanged = 0;
  /** The record a cell names, or a problem. */
  const lookup = <T>(line: number, v: Values, column: string, map: Map<string, T>, code: ImportProblem['code']) => {
    const value = text(problems, line, v, column, importLimits.nameMax);
    const found = value ? map.get(value.toLowerCase()) : undefined;
    if (value && found === undefined) problems.add(line, column, code, { value });
    return found;
  };
  for (const { line, v } of lines) {
    const before = problems.count;
    const key = text(problems, line, v, keyColumn, importLimits.keyMax);
    const lastName = text(problems, line, v, 'last_name', importLimits.nameMax);
    const firstName = text(problems, line, v, 'first_name', importLimits.nameMax);
    const patronymic = text(problems, line, v, 'patronymic', importLimits.nameMax, false);
    const group = students ? lookup(line, v, 'group', groupsByName, 'unknown_group') : undefined;
    const department = students ? undefined : lookup(line, v, 'department', departments, 'unknown_department');
    const position = students ? undefined : lookup(line, v, 'position', positions, 'unknown_position');
    const first = seen.get(key);
    if (key && first !== undefined) problems.add(line, keyColumn, 'duplicate_in_file', { line: first });
    else if (key) seen.set(key, line);
    if (problems.count > before) continue;
    const names = { lastName, firstName, patronymic };
    const sameName = (p: { lastName: string; firstName: string; patronymic: string }) =>
      p.lastName === lastName && p.firstName === firstName && p.patronymic === patronymic;
    if (students) {
      const found = existingStudents.get(key);
      if (!found) creates.push({ line, key, ...names, unit: group.name, profile: { groupId: group.id } });
      else if (!sameName(found) || found.groupId !== group.id)
        updates.push({ role: 2, s: { ...found, ...names, groupId: group.id }, fromGroupId: found.groupId });
      else unchanged++;
    } else {
      const d = department as { id: number; name: string };
      const p = position as { id: number; name: string };
      const found = existingTeachers.get(key);
      if (!found)
        creates.push({ line, key, ...names, unit: d.name, profile: { departmentId: d.id, positionId: p.id } });
      else if (!sameName(found) || found.departmentId !== d.id || found.positionId !== p.id)
        updates.push({ role: 1, t: { ...found, ...names, departmentId: d.id, positionId: p.id } });
      else unchanged++;
    }
  }
  return {
    report: report(kind, lines.length, creates.length, updates.length, unchanged, problems),
    creates,
    updates,
  };
}

async function planGroups(
  q: ImportQueries,
  read: Read,
): Promise<Plan<GroupFields, { id: number; fields: GroupFields }>> {
  const problems = new Problems();
  const lines = readLines('groups', read, problems);
  const groupsByName = await q.groupsByName();
  const specialities = await q.specialitiesByCode();
  const seen = new Map<string, number>();
  const creates: (GroupFields & { line: number })[] = [];
  const updates: { id: number; fields: GroupFields }[] = [];
  let unchanged = 0;
  const year = new Date().getFullYear();
  for (const { line, v } of lines) {
    const before = problems.count;
    const name = text(problems, line, v, 'name', importLimits.nameMax);
    const code = text(problems, line, v, 'speciality_code', importLimits.nameMax);
    const specialityId = code ? specialities.get(code.toLowerCase()) : undefined;
    if (code && specialityId === undefined)
      problems.add(line, 'speciality_code', 'unknown_speciality', { value: code });
    const form = text(problems, line, v, 'study_form', importLimits.nameMax);
    const studyForm = studyFormChoices[form.toLowerCase()];
    if (form && !studyForm) problems.add(line, 'study_form', 'invalid_choice', { options: 'full_time, part_time' });
    const yearText = text(problems, line, v, 'admission_year', 4);
    const admissionYear = Number(yearText);
    if (yearText && !(/^\d{4}$/.test(yearText) && admissionYear >= 1990 && admissionYear <= year + 1))
      problems.add(line, 'admission_year', 'out_of_range', { min: 1990, max: year + 1 });
    const key = name.toLowerCase();
    const first = seen.get(key);
    if (name && first !== undefined) problems.add(line, 'name', 'duplicate_in_file', { line: first });
    else if (name) seen.set(key, line);
    if (problems.count > before || specialityId === undefined || !studyForm) continue;
    const fields: GroupFields = { name, specialityId, studyForm, admissionYear };
    const found = groupsByName.get(key);
    if (!found) creates.push({ line, ...fields });
    else if (
      found.specialityId !== specialityId ||
      found.studyForm !== studyForm ||
      found.admissionYear !== admissionYear ||
      found.name !== name
    )
      updates.push({ id: found.id, fields });
    else unchanged++;
  }
  return {
    report: report('groups', lines.length, creates.length, updates.length, unchanged, problems),
    creates,
    updates,
  };
}

const weekChoices: Record<string, LessonFields['weekParity']> = {
  every: 'every',
  odd: 'odd',
  even: 'even',
  числитель: 'odd',
  знаменатель: 'even',
};

/** The constraint a clashing lesson breaks, and the problem it is. */
const clashes: Record<string, ImportProblem['code']> = {
  schedule_entries_teacher_free: 'teacher_busy',
  schedule_entries_room_free: 'room_busy',
  schedule_audience_free: 'group_busy',
};

/** Writes the timetable's lessons, each in a savepoint: answers the lines that clashed, with their problem. */
async function writeLessons(
  q: ImportQueries,
  creates: (LessonFields & { line: number })[],
  updates: { id: number; fields: LessonFields; line: number }[],
) {
  const failed: { line: number; code: ImportProblem['code'] }[] = [];
  const problem = (line: number, constraint: string) => {
    const code = clashes[constraint];
    if (!code) throw new Error(`Lesson of line ${line} broke ${constraint}`);
    return { line, code };
  };
  // Changed cells first, a lesson moving away freeing its room or teacher for another: passes until none succeeds
  // (a chain of moves goes through in any order; only a cycle, two lessons swapping rooms, is reported).
  let pending = updates;
  for (;;) {
    const next: typeof updates = [];
    const broke = new Map<number, string>();
    for (const u of pending) {
      const constraint = await q.attempt((db) => queriesOf(db).updateLesson(u.id, u.fields));
      if (constraint !== null) {
        next.push(u);
        broke.set(u.line, constraint);
      }
    }
    if (next.length === 0 || next.length === pending.length) {
      for (const u of next) failed.push(problem(u.line, broke.get(u.line) as string));
      break;
    }
    pending = next;
  }
  for (const c of creates) {
    const { line, ...fields } = c;
    const constraint = await q.attempt((db) => queriesOf(db).insertLesson(fields));
    if (constraint !== null) failed.push(problem(line, constraint));
  }
  failed.sort((x, y) => x.line - y.line);
  return failed;
}

/** Lessons of whole groups: key group + half-year + day + slot + week; clashes found by the database in a trial. */
async function planTimetable(
  q: ImportQueries,
  read: Read,
): Promise<Plan<LessonFields, { id: number; fields: LessonFields; line: number }>> {
  const problems = new Problems();
  const lines = readLines('timetable', read, problems);
  const [groupsByName, years, slots, kinds, teachers, roomsByLabel, disciplines, assignments] = await Promise.all([
    q.groupsByName(),
    q.academicYearIds(),
    q.slotsByNumber(),
    q.lessonKindsByName(),
    q.teachersByLogin(),
    q.roomsByLabel(),
    q.disciplinesByCode(),
    q.groupAssignments(),
  ]);
  const existing = await q.groupLessons([...new Set([...groupsByName.values()].map((g) => g.id))]);
  const seen = new Map<string, number>();
  const creates: (LessonFields & { line: number })[] = [];
  const updates: { id: number; fields: LessonFields; line: number }[] = [];
  let unchanged = 0;
  const lookup = <T>(line: number, v: Values, column: string, map: Map<string, T>, code: ImportProblem['code']) => {
    const value = text(problems, line, v, column, importLimits.nameMax);
    const found = value ? map.get(value.toLowerCase()) : undefined;
    if (value && found === undefined) problems.add(line, column, code, { value });
    return found;
  };
  for (const { line, v } of lines) {
    const before = problems.count;
    const group = lookup(line, v, 'group', groupsByName, 'unknown_group');
    const yearText = text(problems, line, v, 'academic_year', 20);
    const yearMatch = /^(\d{4})(\s*[-–/]\s*\d{4})?$/.exec(yearText);
    const academicYearId = yearMatch ? Number(yearMatch[1]) : null;
    if (yearText && (academicYearId === null || !years.has(academicYearId)))
      problems.add(line, 'academic_year', 'unknown_year', { value: yearText });
    const halfYearKind = whole(problems, line, v, 'half_year', 1, 3);
    const dayNumber = whole(problems, line, v, 'day', 1, 7);
    const slotNumber = whole(problems, line, v, 'slot', 1, 99);
    const timeSlotId = slotNumber === null ? undefined : slots.get(slotNumber);
    if (slotNumber !== null && timeSlotId === undefined)
      problems.add(line, 'slot', 'unknown_slot', { value: slotNumber });
    const weekText = text(problems, line, v, 'week', 20);
    const weekParity = weekChoices[weekText.toLowerCase()];
    if (weekText && !weekParity) problems.add(line, 'week', 'invalid_choice', { options: 'every, odd, even' });
    const code = text(problems, line, v, 'discipline_code', importLimits.nameMax);
    const disciplineId = code ? disciplines.get(code.toLowerCase()) : undefined;
    if (code && disciplineId === undefined)
      problems.add(line, 'discipline_code', 'unknown_discipline', { value: code });
    const kind = lookup(line, v, 'lesson_kind', kinds, 'unknown_lesson_kind');
    const teacherId = lookup(line, v, 'teacher', teachers, 'unknown_teacher');
    const roomId = lookup(line, v, 'room', roomsByLabel, 'unknown_room');
    if (problems.count > before || !group || !kind || !weekParity) continue;
    const assignmentId = assignments.get(
      `${teacherId}/${disciplineId}/${kind.id}/${group.id}/${academicYearId}/${halfYearKind}`,
    );
    if (assignmentId === undefined) {
      problems.add(line, '', 'no_assignment');
      continue;
    }
    const fields: LessonFields = {
      groupId: group.id,
      academicYearId: academicYearId as number,
      halfYearKind: halfYearKind as number,
      dayNumber: dayNumber as number,
      timeSlotId: timeSlotId as number,
      weekParity,
      teachingAssignmentId: assignmentId,
      teacherId: teacherId as number,
      disciplineId: disciplineId as number,
      lessonKindId: kind.id,
      roomId: roomId as number,
    };
    const key = lessonKey(fields);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.add(line, '', 'duplicate_in_file', { line: first });
      continue;
    }
    seen.set(key, line);
    const found = existing.get(key);
    if (!found) creates.push({ line, ...fields });
    else if (found.teachingAssignmentId !== assignmentId || found.roomId !== fields.roomId)
      updates.push({ id: found.id, fields, line });
    else unchanged++;
  }
  // Clashes (teacher, room, group busy) as the database sees them: the lessons written in a trial rolled back.
  if (problems.count === 0 && creates.length + updates.length > 0)
    await q.trial(async (db) => {
      for (const f of await writeLessons(queriesOf(db), creates, updates)) problems.add(f.line, '', f.code);
    });
  return {
    report: report('timetable', lines.length, creates.length, updates.length, unchanged, problems),
    creates,
    updates,
  };
}

/** A whole number from `min` to `max`, or a problem. */
function whole(problems: Problems, line: number, v: Values, column: string, min: number, max: number): number | null {
  const value = text(problems, line, v, column, 10);
  if (!value) return null;
  const n = Number(value);
  if (!/^\d{1,4}$/.test(value) || n < min || n > max) {
    problems.add(line, column, 'out_of_range', { min, max });
    return null;
  }
  return n;
}

/** Final results: key record_book + discipline_code + academic_year + half_year. */
async function planGrades(
  q: ImportQueries,
  read: Read,
): Promise<Plan<GradeFields, { id: number; fields: GradeFields }>> {
  const problems = new Problems();
  const lines = readLines('grades', read, problems);
  const students = await q.studentsByRecordBook([...new Set(lines.map((l) => l.v.record_book ?? '').filter(Boolean))]);
  const disciplines = await q.disciplinesByCode();
  const years = await q.academicYearIds();
  const semesters = await q.semestersByNumber();
  const existing = await q.finalResultsOf([...new Set([...students.values()].map((s) => s.userId))]);
  const seen = new Map<string, number>();
  const creates: (GradeFields & { line: number })[] = [];
  const updates: { id: number; fields: GradeFields }[] = [];
  let unchanged = 0;
  for (const { line, v } of lines) {
    const before = problems.count;
    const recordBook = text(problems, line, v, 'record_book', importLimits.keyMax);
    const student = recordBook ? students.get(recordBook) : undefined;
    if (recordBook && !student) problems.add(line, 'record_book', 'unknown_student', { value: recordBook });
    const code = text(problems, line, v, 'discipline_code', importLimits.nameMax);
    const disciplineId = code ? disciplines.get(code.toLowerCase()) : undefined;
    if (code && disciplineId === undefined)
      problems.add(line, 'discipline_code', 'unknown_discipline', { value: code });
    // 2025 or 2025-2026: the year it starts names it.
    const yearText = text(problems, line, v, 'academic_year', 20);
    const yearMatch = /^(\d{4})(\s*[-–/]\s*\d{4})?$/.exec(yearText);
    const academicYearId = yearMatch ? Number(yearMatch[1]) : null;
    if (yearText && (academicYearId === null || !years.has(academicYearId)))
      problems.add(line, 'academic_year', 'unknown_year', { value: yearText });
    const halfYearKind = whole(problems, line, v, 'half_year', 1, 3);
    const semesterNumber = whole(problems, line, v, 'semester', 1, 99);
    const semesterId = semesterNumber === null ? undefined : semesters.get(semesterNumber);
    if (semesterNumber !== null && semesterId === undefined)
      problems.add(line, 'semester', 'unknown_semester', { value: semesterNumber });
    const credits = whole(problems, line, v, 'credits', 1, 60);
    const points = whole(problems, line, v, 'points', 0, 100);
    if (problems.count > before) continue;
    const fields: GradeFields = {
      studentId: (student as ExistingStudent).userId,
      disciplineId: disciplineId as number,
      academicYearId: academicYearId as number,
      halfYearKind: halfYearKind as number,
      semesterId: semesterId as number,
      credits: credits as number,
      points: points as number,
    };
    const key = gradeKey(fields);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.add(line, '', 'duplicate_in_file', { line: first });
      continue;
    }
    seen.set(key, line);
    const found = existing.get(key);
    if (!found) creates.push({ line, ...fields });
    else if (
      found.semesterId !== fields.semesterId ||
      found.credits !== fields.credits ||
      found.points !== fields.points
    )
      updates.push({ id: found.id, fields });
    else unchanged++;
  }
  return {
    report: report('grades', lines.length, creates.length, updates.length, unchanged, problems),
    creates,
    updates,
  };
}

function report(
  kind: ImportKind,
  lines: number,
  create: number,
  update: number,
  unchanged: number,
  problems: Problems,
): ImportReport {
  const clean = problems.count === 0;
  return {
    kind,
    lines,
    create: clean ? create : 0,
    update: clean ? update : 0,
    unchanged: clean ? unchanged : 0,
    problemCount: problems.count,
    problems: problems.list,
  };
}

const plan = (q: ImportQueries, kind: ImportKind, read: Read): Promise<AnyPlan> =>
  kind === 'groups'
    ? planGroups(q, read)
    : kind === 'grades'
      ? planGrades(q, read)
      : kind === 'timetable'
        ? planTimetable(q, read)
        : planPeople(q, kind, read);

/** The import's own refusals inside its transaction: the data changed since the check. */
class ChangedMeanwhile extends Error {}

/** Why an import failed, from what stopped it. */
function failureReason(err: unknown): ImportFailureReason {
  if (err instanceof ChangedMeanwhile) return 'changed';
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  // A unique key, a serialization failure or a deadlock: another writer took the same records at the same time.
  return code === '23505' || code === '40001' || code === '40P01' ? 'conflict' : 'failed';
}

interface Job {
  done: number;
  total: number;
}

/** Finished imports nobody asked about are forgotten after this long (their passwords with them). */
const keepFinishedMin = 15;
/** How long a finished import's row (not its passwords) stays: a failed one is on staff's home until then. */
const keepJobsDays = 7;
/** How often the running instance writes an import's progress; one silent for a minute has lost its instance. */
const progressEveryMs = 500;
const lostAfterSec = 60;
/** Passwords hashed at once (argon2 runs them on libuv's thread pool). */
const hashBatch = 32;

export function createImportService(deps: {
  repo: ImportRepository;
  /** Where a failed import is logged, with its job's id. */
  log?: { error(details: object, message: string): void };
  /** Records students' group moves in the import's change (the personal card's group history). */
  recordGroupMoves: RecordGroupMoves;
}) {
  const { repo } = deps;
  /** The imports this instance is running (their progress goes to import_jobs). */
  const running = new Set<Promise<void>>();

  /** Logins nobody has, one per new person: 'stu' (students) or 'tch' (teachers) and six digits. */
  async function freshLogins(q: ImportQueries, prefix: string, count: number): Promise<string[]> {
    const chosen = new Set<string>();
    while (chosen.size < count) {
      const wanted = new Set<string>();
      while (wanted.size < count - chosen.size) {
        const login = `${prefix}${randomInt(100_000, 1_000_000)}`;
        if (!chosen.has(login)) wanted.add(login);
      }
      const taken = await q.takenLogins([...wanted]);
      for (const l of wanted) if (!taken.has(l)) chosen.add(l);
    }
    return [...chosen];
  }

  async function run(kind: ImportKind, fileName: string, read: Read, first: AnyPlan, job: Job) {
    // Hashing is the slow part: it runs before the transaction, for the lines the dry run found new.
    const passwords = new Map<string, { password: string; hash: string }>();
    if (kind === 'students' || kind === 'teachers') {
      const creates = first.creates as (PersonCreate & { line: number })[];
      for (let i = 0; i < creates.length; i += hashBatch) {
        const part = creates.slice(i, i + hashBatch);
        const hashed = await Promise.all(
          part.map(async (c) => {
            const password = issuedPassword();
            return [c.key, { password, hash: await hashIssuedPassword(password) }] as const;
          }),
        );
        for (const [k, v] of hashed) passwords.set(k, v);
        job.done += part.length;
      }
    }
    return repo.transaction(async (q, change) => {
      // Planned again inside the transaction: what changed since the dry run counts.
      const p = await plan(q, kind, read);
      if (p.report.problemCount) throw new ChangedMeanwhile('The file has problems now.');
      const credentials: ImportedCredentials[] = [];
      if (kind === 'timetable') {
        const failed = await writeLessons(
          q,
          p.creates as (LessonFields & { line: number })[],
          p.updates as { id: number; fields: LessonFields; line: number }[],
        );
        if (failed.length) throw new ChangedMeanwhile('A lesson clashes now.');
        job.done += p.creates.length;
        // Once per import, not per lesson: the groups and teachers whose lessons it added or changed hear of it.
        const lessons = [
          ...(p.creates as LessonFields[]),
          ...(p.updates as { fields: LessonFields }[]).map((u) => u.fields),
        ];
        if (lessons.length) {
          await change.record('schedule', {
            groupIds: [...new Set(lessons.map((l) => l.groupId))],
            teacherIds: [...new Set(lessons.map((l) => l.teacherId))],
            added: p.creates.length,
            changed: p.updates.length,
          });
        }
      } else if (kind === 'grades') {
        await q.insertGrades(
          (p.creates as (GradeFields & { line: number })[]).map(({ line: _, ...g }) => g),
          (n) => {
            job.done += n;
          },
        );
        for (const u of p.updates as { id: number; fields: GradeFields }[]) await q.updateGrade(u.id, u.fields);
      } else if (kind === 'students' || kind === 'teachers') {
        const creates = p.creates as (PersonCreate & { line: number })[];
        const logins = await freshLogins(q, kind === 'students' ? 'stu' : 'tch', creates.length);
        const rows: NewPerson[] = [];
        for (const [i, c] of creates.entries()) {
          let pw = passwords.get(c.key);
          if (!pw) {
            const password = issuedPassword();
            pw = { password, hash: await hashIssuedPassword(password) };
          }
          const login = logins[i] as string;
          rows.push({ ...c, login, passwordHash: pw.hash });
          credentials.push({
            login,
            password: pw.password,
            fullName: [c.lastName, c.firstName, c.patronymic].filter(Boolean).join(' '),
            unit: c.unit,
            key: c.key,
          });
        }
        await q.insertPeople(kind === 'students' ? 2 : 1, rows, (n) => {
          job.done += n;
        });
        for (const u of p.updates as PersonUpdate[]) {
          if (u.role === 2) await q.updateStudent(u.s);
          else await q.updateTeacher(u.t);
        }
        await deps.recordGroupMoves(
          change,
          (p.updates as PersonUpdate[]).flatMap((u) =>
            u.role === 2
              ? [
                  {
                    studentId: u.s.userId,
                    fromGroupId: u.fromGroupId,
                    toGroupId: u.s.groupId,
                    source: 'import' as const,
                  },
                ]
              : [],
          ),
        );
      } else {
        for (const c of p.creates as (GroupFields & { line: number })[]) {
          const { line: _, ...fields } = c;
          await q.insertGroup(fields);
        }
        for (const u of p.updates as { id: number; fields: GroupFields }[]) await q.updateGroup(u.id, u.fields);
      }
      const summary = {
        fileName,
        lines: p.report.lines,
        created: p.creates.length,
        updated: p.updates.length,
        unchanged: p.report.unchanged,
      };
      change.audit({ action: `import.${kind}`, targetType: 'import', targetName: fileName, after: summary });
      // Timetable weeks show lessons and group names.
      if (kind === 'timetable' || kind === 'groups') change.announce('schedule');
      return { created: summary.created, updated: summary.updated, unchanged: summary.unchanged, credentials };
    });
  }

  return {
    /** The example line of a kind's template, named from the university's own records (undefined: none to name). */
    async exampleLine(kind: ImportKind) {
      return (await repo.exampleLines())[kind];
    },

    /** The dry run: what the import would do, and every problem, changing nothing. */
    async check(kind: ImportKind, buf: Buffer): Promise<ImportReport> {
      return (await plan(repo, kind, await readTable(buf, tableLimits))).report;
    },

    /** Checks the file, and when it is clean starts the import as a job the caller follows with status(). */
    async start(actor: AuthUser, kind: ImportKind, fileName: string, buf: Buffer) {
      await repo.jobs.forgetOlderThan(keepFinishedMin, keepJobsDays);
      // Read once: the import plans again from the same table inside its transaction.
      const read = await readTable(buf, tableLimits);
      const first = await plan(repo, kind, read);
      if (first.report.problemCount) return { job: null, report: first.report };
      const id = randomUUID();
      const hashing = kind === 'students' || kind === 'teachers' ? first.creates.length : 0;
      const job: Job = { done: 0, total: hashing + first.creates.length };
      await repo.jobs.create(id, actor.id, job.total, kind, fileName);
      let written = 0;
      const ticker = setInterval(() => {
        if (job.done === written) return;
        written = job.done;
        repo.jobs.progress(id, written).catch(() => {});
      }, progressEveryMs);
      const finished = run(kind, fileName, read, first, job)
        .then(
          (result) => repo.jobs.finish(id, 'done', job.total, result, null, { actorId: actor.id, kind }),
          async (err) => {
            const reason = failureReason(err);
            deps.log?.error({ jobId: id, kind, reason, err }, 'import failed');
            await repo.jobs.finish(id, 'failed', job.done, null, reason, { actorId: actor.id, kind });
          },
        )
        .catch((err) => deps.log?.error({ jobId: id, err }, 'import status not written'))
        .finally(() => {
          clearInterval(ticker);
          running.delete(finished);
        });
      running.add(finished);
      return { job: id, report: first.report };
    },

    /**
     * The job's progress, from any instance; once finished, its result (issued passwords) is answered once and then
     * cleared. A job whose instance stopped writing its progress a minute ago has failed (that instance is gone).
     */
    async status(actor: AuthUser, id: string) {
      const job = await repo.jobs.read(id);
      if (!job || job.actorId !== actor.id) throw new AppError('not_found', 'There is no such import.');
      const lost = job.state === 'running' && job.quietSec > lostAfterSec;
      if (lost) deps.log?.error({ jobId: id, reason: 'interrupted' }, 'import lost: its instance stopped writing');
      const state = lost ? 'failed' : job.state;
      if (state !== 'running') await repo.jobs.settle(id, lost);
      return {
        state,
        done: job.done,
        total: job.total,
        reason: lost ? 'interrupted' : job.reason,
        result: (state === 'done' ? job.result : null) as Awaited<ReturnType<typeof run>> | null,
      };
    },

    /**
     * Staff's queue of failed imports: those of the last week not followed by a successful import of their kind
     * (how many, and the newest few), or undefined when there are none.
     */
    async failedImports(limit: number) {
      const rows = await repo.jobs.failed(keepJobsDays, lostAfterSec);
      if (!rows.length) return undefined;
      return { count: rows.length, latest: rows.slice(0, limit) };
    },

    /** Resolves when every import this instance runs has finished (tests, shutdown). */
    async idle() {
      await Promise.all([...running]);
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
