import type { ImportFailureReason, ImportKind } from '@okuu/contracts/staff/import';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentProfiles, teacherProfiles } from '../../db/schema/profiles.ts';
import { buildings, rooms, scheduleEntries, timeSlots, type WeekParity } from '../../db/schema/schedule.ts';
import { finalResults } from '../../db/schema/transcript.ts';
import {
  academicYears,
  departments,
  disciplines,
  groups,
  lessonKinds,
  semesters,
  specialities,
  teachingAssignments,
} from '../../db/schema/university.ts';
import { positions, users } from '../../db/schema/users.ts';
import { type Changes, outsideStaffCall, transactionOf } from '../../lib/changes.ts';

export interface ExistingStudent {
  userId: number;
  recordBook: string;
  lastName: string;
  firstName: string;
  patronymic: string;
  groupId: number;
}

export interface ExistingTeacher {
  userId: number;
  staffNumber: string;
  lastName: string;
  firstName: string;
  patronymic: string;
  departmentId: number;
  positionId: number;
}

/** A new account: a student (groupId, recordBook) or a teacher (departmentId, positionId, staffNumber). */
export interface NewPerson {
  login: string;
  passwordHash: string;
  lastName: string;
  firstName: string;
  patronymic: string;
  key: string;
  profile: { groupId: number } | { departmentId: number; positionId: number };
}

/** A final result: a student's points and credits in a discipline of a half-year. */
export interface GradeFields {
  studentId: number;
  disciplineId: number;
  academicYearId: number;
  halfYearKind: number;
  semesterId: number;
  credits: number;
  points: number;
}

/** A whole group's lesson: its cell (group, half-year, day, slot, week) and what fills it. */
export interface LessonFields {
  groupId: number;
  academicYearId: number;
  halfYearKind: number;
  dayNumber: number;
  timeSlotId: number;
  weekParity: WeekParity;
  teachingAssignmentId: number;
  teacherId: number;
  disciplineId: number;
  lessonKindId: number;
  roomId: number;
}

/** Thrown to roll a trial transaction back. */
const rollback = Symbol('rollback');

export interface GroupFields {
  name: string;
  specialityId: number;
  studyForm: 'full_time' | 'part_time';
  admissionYear: number;
}

/** Rows per INSERT: well under PostgreSQL's 65535 bound parameters. */
const chunk = 1000;

/** A final result's natural key. */
export const gradeKey = (g: {
  studentId: number;
  disciplineId: number;
  academicYearId: number;
  halfYearKind: number;
}) => `${g.studentId}/${g.disciplineId}/${g.academicYearId}/${g.halfYearKind}`;

/** A whole group's lesson cell. */
export const lessonKey = (l: {
  groupId: number;
  academicYearId: number;
  halfYearKind: number;
  dayNumber: number;
  timeSlotId: number;
  weekParity: string;
}) => `${l.groupId}/${l.academicYearId}/${l.halfYearKind}/${l.dayNumber}/${l.timeSlotId}/${l.weekParity}`;

/** Records by each of their three names in lower case (the first record when a name repeats). */
function byNames(rows: { id: number; a: string; b: string | null; c: string | null }[]) {
  const map = new Map<string, { id: number; name: string }>();
  for (const r of rows)
    for (const n of [r.a, r.b, r.c])
      if (n && !map.has(n.toLowerCase())) map.set(n.toLowerCase(), { id: r.id, name: r.a });
  return map;
}

/** One line of a template, by column, named from the university's own records. */
export type ExampleLine = Record<string, string>;

function queries(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  /** The first of `candidates` no row has in `column` of `table` (the last when all are taken). */
  const unused = async (table: string, column: string, candidates: string[]) => {
    const taken = await rows<{ v: string }>(
      sql`select ${sql.raw(column)} as v from ${sql.raw(table)} where ${sql.raw(column)} in ${candidates}`,
    );
    const used = new Set(taken.map((r) => r.v.toLowerCase()));
    return candidates.find((c) => !used.has(c.toLowerCase())) ?? (candidates.at(-1) as string);
  };
  return {
    /**
     * A line of each kind's template that this university's own records make valid: a new student of an existing
     * group, a new teacher of an existing department and position, a new group of an existing speciality, and for the
     * timetable and the grades an existing lesson and result stated again (a dry run finds nothing to change). Null
     * where the records to name are missing (a university with no lessons yet).
     */
    async exampleLines(): Promise<
      Partial<Record<'students' | 'teachers' | 'groups' | 'timetable' | 'grades', ExampleLine>>
    > {
      const [year] = await rows<{ id: number }>(
        sql`select id from academic_years where starts_on <= current_date order by starts_on desc limit 1`,
      );
      const [group] = await rows<{ name: string; speciality: string; form: string }>(sql`
        select g.name, s.code as speciality, g.study_form as form from groups g
        join specialities s on s.id = g.speciality_id order by g.id limit 1`);
      const [department] = await rows<{ name: string }>(sql`select name from departments order by id limit 1`);
      const [position] = await rows<{ name: string }>(sql`select name from positions order by id limit 1`);
      const [lesson] = await rows<Record<string, string | number>>(sql`
        select g.name as "group", e.academic_year_id as year, e.half_year_kind as half_year, e.day_number as day,
          ts.number as slot, e.week_parity as week, d.code as discipline_code, k.name as lesson_kind,
          u.login as teacher, b.short_name || '-' || r.number as room
        from schedule_entries e
        join teaching_assignments a on a.id = e.teaching_assignment_id and a.group_id is not null and a.subgroup_id is null
        join groups g on g.id = e.group_id join time_slots ts on ts.id = e.time_slot_id
        join disciplines d on d.id = e.discipline_id join lesson_kinds k on k.id = e.lesson_kind_id
        join users u on u.id = e.teacher_id join rooms r on r.id = e.room_id join buildings b on b.id = r.building_id
        where e.group_id is not null order by e.academic_year_id desc, e.id limit 1`);
      const [result] = await rows<Record<string, string | number>>(sql`
        select p.record_book, d.code as discipline_code, f.academic_year_id as year, f.half_year_kind as half_year,
          s.number as semester, f.credits, f.points
        from final_results f join student_profiles p on p.user_id = f.student_id and p.record_book is not null
        join disciplines d on d.id = f.discipline_id join semesters s on s.id = f.semester_id
        order by f.academic_year_id desc, f.id limit 1`);
      const yearName = (id: number | string) => `${id}-${Number(id) + 1}`;
      const admission = year?.id ?? new Date().getUTCFullYear();
      const numbered = (prefix: string) =>
        Array.from({ length: 20 }, (_, i) => `${prefix}${String(i + 1).padStart(4, '0')}`);
      const lines: Partial<Record<'students' | 'teachers' | 'groups' | 'timetable' | 'grades', ExampleLine>> = {};
      if (group) {
        lines.students = {
          record_book: await unused('student_profiles', 'record_book', numbered(`${admission}-`)),
          last_name: 'Асанов',
          first_name: 'Нурбек',
          patronymic: 'Бакытович',
          group: group.name,
        };
        const prefix = group.name.split('-')[0] ?? group.name;
        lines.groups = {
          name: await unused(
            'groups',
            'name',
            Array.from({ length: 20 }, (_, i) => `${prefix}-${i + 9}-${String(admission % 100).padStart(2, '0')}`),
          ),
          speciality_code: group.speciality,
          study_form: group.form,
          admission_year: String(admission),
        };
      }
      if (department && position) {
        lines.teachers = {
          staff_number: await unused('teacher_profiles', 'staff_number', numbered('T-')),
          last_name: 'Осмонова',
          first_name: 'Гүлнара',
          patronymic: 'Асановна',
          department: department.name,
          position: position.name,
        };
      }
      if (lesson) {
        const { year: lessonYear, ...rest } = lesson;
        lines.timetable = {
          ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
          academic_year: yearName(lessonYear as number),
        };
      }
      if (result) {
        const { year: resultYear, ...rest } = result;
        lines.grades = {
          ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
          academic_year: yearName(resultYear as number),
        };
      }
      return lines;
    },

    /** Groups by lower-case name. */
    async groupsByName() {
      const rows = await db
        .select({
          id: groups.id,
          name: groups.name,
          specialityId: groups.specialityId,
          studyForm: groups.studyForm,
          admissionYear: groups.admissionYear,
        })
        .from(groups);
      return new Map(rows.map((g) => [g.name.toLowerCase(), g]));
    },
    /** Specialities by lower-case code (the first one when a code repeats). */
    async specialitiesByCode() {
      const rows = await db
        .select({ id: specialities.id, code: specialities.code })
        .from(specialities)
        .orderBy(specialities.id);
      const map = new Map<string, number>();
      for (const s of rows) if (!map.has(s.code.toLowerCase())) map.set(s.code.toLowerCase(), s.id);
      return map;
    },
    /** Students with any of these record books, by record book. */
    async studentsByRecordBook(recordBooks: string[]) {
      const map = new Map<string, ExistingStudent>();
      for (let i = 0; i < recordBooks.length; i += chunk) {
        const rows = await db
          .select({
            userId: users.id,
            recordBook: sql<string>`${studentProfiles.recordBook}`,
            lastName: users.lastName,
            firstName: users.firstName,
            patronymic: sql<string>`coalesce(${users.patronymic}, '')`,
            groupId: studentProfiles.groupId,
          })
          .from(studentProfiles)
          .innerJoin(users, eq(users.id, studentProfiles.userId))
          .where(inArray(studentProfiles.recordBook, recordBooks.slice(i, i + chunk)));
        for (const r of rows) map.set(r.recordBook, r);
      }
      return map;
    },
    /** Departments and positions by each of their names (ru, kg, en) in lower case. */
    async departmentsByName() {
      const rows = await db
        .select({ id: departments.id, a: departments.name, b: departments.nameKg, c: departments.nameEn })
        .from(departments)
        .orderBy(departments.id);
      return byNames(rows);
    },
    async positionsByName() {
      const rows = await db
        .select({ id: positions.id, a: positions.name, b: positions.nameKg, c: positions.nameEn })
        .from(positions)
        .orderBy(positions.id);
      return byNames(rows);
    },
    /** Teachers with any of these personnel numbers, by number. */
    async teachersByStaffNumber(numbers: string[]) {
      const map = new Map<string, ExistingTeacher>();
      for (let i = 0; i < numbers.length; i += chunk) {
        const rows = await db
          .select({
            userId: users.id,
            staffNumber: sql<string>`${teacherProfiles.staffNumber}`,
            lastName: users.lastName,
            firstName: users.firstName,
            patronymic: sql<string>`coalesce(${users.patronymic}, '')`,
            departmentId: teacherProfiles.departmentId,
            positionId: teacherProfiles.positionId,
          })
          .from(teacherProfiles)
          .innerJoin(users, eq(users.id, teacherProfiles.userId))
          .where(inArray(teacherProfiles.staffNumber, numbers.slice(i, i + chunk)));
        for (const r of rows) map.set(r.staffNumber, r);
      }
      return map;
    },
    async disciplinesByCode() {
      const rows = await db.select({ id: disciplines.id, code: disciplines.code }).from(disciplines);
      return new Map(rows.map((d) => [d.code.toLowerCase(), d.id]));
    },
    async academicYearIds() {
      return new Set((await db.select({ id: academicYears.id }).from(academicYears)).map((y) => y.id));
    },
    async semestersByNumber() {
      const rows = await db.select({ id: semesters.id, number: semesters.number }).from(semesters);
      return new Map(rows.map((s) => [s.number, s.id]));
    },
    /** The final results of these students, by student/discipline/year/half-year. */
    async finalResultsOf(studentIds: number[]) {
      const map = new Map<string, GradeFields & { id: number }>();
      for (let i = 0; i < studentIds.length; i += chunk) {
        const rows = await db
          .select({
            id: finalResults.id,
            studentId: finalResults.studentId,
            disciplineId: finalResults.disciplineId,
            academicYearId: finalResults.academicYearId,
            halfYearKind: finalResults.halfYearKind,
            semesterId: finalResults.semesterId,
            credits: finalResults.credits,
            points: finalResults.points,
          })
          .from(finalResults)
          .where(inArray(finalResults.studentId, studentIds.slice(i, i + chunk)));
        for (const r of rows) map.set(gradeKey(r), r);
      }
      return map;
    },
    async insertGrades(list: GradeFields[], progress: (n: number) => void) {
      for (let i = 0; i < list.length; i += chunk) {
        await db.insert(finalResults).values(list.slice(i, i + chunk));
        progress(Math.min(chunk, list.length - i));
      }
    },
    async updateGrade(id: number, g: GradeFields) {
      await db
        .update(finalResults)
        .set({ semesterId: g.semesterId, credits: g.credits, points: g.points, recordedAt: sql`now()` })
        .where(eq(finalResults.id, id));
    },
    async lessonKindsByName() {
      const rows = await db
        .select({ id: lessonKinds.id, a: lessonKinds.name, b: lessonKinds.nameKg, c: lessonKinds.nameEn })
        .from(lessonKinds)
        .orderBy(lessonKinds.id);
      return byNames(rows);
    },
    /** Teachers by lower-case login. */
    async teachersByLogin() {
      const rows = await db
        .select({ id: users.id, login: sql<string>`lower(${users.login})` })
        .from(users)
        .where(eq(users.role, 1));
      return new Map(rows.map((r) => [r.login, r.id]));
    },
    /** Rooms by lower-case 'building-number' ('а-305'). */
    async roomsByLabel() {
      const rows = await db
        .select({ id: rooms.id, label: sql<string>`lower(${buildings.shortName} || '-' || ${rooms.number})` })
        .from(rooms)
        .innerJoin(buildings, eq(buildings.id, rooms.buildingId));
      return new Map(rows.map((r) => [r.label, r.id]));
    },
    async slotsByNumber() {
      const rows = await db.select({ id: timeSlots.id, number: timeSlots.number }).from(timeSlots);
      return new Map(rows.map((r) => [r.number, r.id]));
    },
    /** The whole-group assignments of a half-year, by teacher/discipline/lesson kind/group. */
    async groupAssignments() {
      const rows = await db
        .select({
          id: teachingAssignments.id,
          teacherId: teachingAssignments.teacherId,
          disciplineId: teachingAssignments.disciplineId,
          lessonKindId: teachingAssignments.lessonKindId,
          groupId: sql<number>`${teachingAssignments.groupId}`,
          academicYearId: teachingAssignments.academicYearId,
          halfYearKind: teachingAssignments.halfYearKind,
        })
        .from(teachingAssignments)
        .where(and(sql`${teachingAssignments.groupId} is not null`, isNull(teachingAssignments.subgroupId)));
      return new Map(
        rows.map((a) => [
          `${a.teacherId}/${a.disciplineId}/${a.lessonKindId}/${a.groupId}/${a.academicYearId}/${a.halfYearKind}`,
          a.id,
        ]),
      );
    },
    /** The whole-group lessons of these groups, by cell. */
    async groupLessons(groupIds: number[]) {
      const map = new Map<string, LessonFields & { id: number }>();
      if (!groupIds.length) return map;
      const rows = await db
        .select({
          id: scheduleEntries.id,
          groupId: sql<number>`${scheduleEntries.groupId}`,
          academicYearId: scheduleEntries.academicYearId,
          halfYearKind: scheduleEntries.halfYearKind,
          dayNumber: scheduleEntries.dayNumber,
          timeSlotId: scheduleEntries.timeSlotId,
          weekParity: scheduleEntries.weekParity,
          teachingAssignmentId: scheduleEntries.teachingAssignmentId,
          teacherId: scheduleEntries.teacherId,
          disciplineId: scheduleEntries.disciplineId,
          lessonKindId: scheduleEntries.lessonKindId,
          roomId: scheduleEntries.roomId,
        })
        .from(scheduleEntries)
        .where(inArray(scheduleEntries.groupId, groupIds));
      for (const r of rows) map.set(lessonKey(r), r);
      return map;
    },
    async insertLesson(l: LessonFields) {
      await db.insert(scheduleEntries).values(l);
    },
    async updateLesson(id: number, l: LessonFields) {
      await db.update(scheduleEntries).set(l).where(eq(scheduleEntries.id, id));
    },
    /**
     * Runs `fn` in a savepoint: answers null, or the constraint a failed statement broke (the savepoint then rolled
     * back, the transaction usable). Other failures are thrown.
     */
    async attempt(fn: (db: Db) => Promise<void>): Promise<string | null> {
      try {
        await db.transaction((tx) => fn(tx as unknown as Db));
        return null;
      } catch (err) {
        const cause = ((err as { cause?: unknown }).cause ?? err) as { constraint?: string };
        if (typeof cause.constraint === 'string') return cause.constraint;
        throw err;
      }
    },
    /** Runs `fn` in a (sub)transaction that is always rolled back: a dry run against the database's own checks. */
    async trial(fn: (db: Db) => Promise<void>): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          await fn(tx as unknown as Db);
          throw rollback;
        });
      } catch (err) {
        if (err !== rollback) throw err;
      }
    },
    /** Which of these logins are taken (compared in lower case). */
    async takenLogins(logins: string[]) {
      const taken = new Set<string>();
      for (let i = 0; i < logins.length; i += chunk) {
        const part = logins.slice(i, i + chunk).map((l) => l.toLowerCase());
        const rows = await db
          .select({ login: sql<string>`lower(${users.login})` })
          .from(users)
          .where(inArray(sql`lower(${users.login})`, part));
        for (const r of rows) taken.add(r.login);
      }
      return taken;
    },
    /** Inserts people (account and profile) a thousand at a time; calls `progress` after each batch. */
    async insertPeople(role: 1 | 2, list: NewPerson[], progress: (n: number) => void) {
      for (let i = 0; i < list.length; i += chunk) {
        const part = list.slice(i, i + chunk);
        const ids = await db
          .insert(users)
          .values(
            part.map((s) => ({
              role,
              login: s.login,
              passwordHash: s.passwordHash,
              lastName: s.lastName,
              firstName: s.firstName,
              patronymic: s.patronymic || null,
              mustChangeCredentials: true,
            })),
          )
          .returning({ id: users.id, login: users.login });
        const idOf = new Map(ids.map((r) => [r.login, r.id]));
        const userId = (s: NewPerson) => idOf.get(s.login) as number;
        if (role === 2)
          await db.insert(studentProfiles).values(
            part.map((s) => ({
              userId: userId(s),
              groupId: (s.profile as { groupId: number }).groupId,
              recordBook: s.key,
            })),
          );
        else
          await db.insert(teacherProfiles).values(
            part.map((s) => {
              const p = s.profile as { departmentId: number; positionId: number };
              return { userId: userId(s), departmentId: p.departmentId, positionId: p.positionId, staffNumber: s.key };
            }),
          );
        progress(part.length);
      }
    },
    async updateStudent(s: ExistingStudent) {
      await db
        .update(users)
        .set({ lastName: s.lastName, firstName: s.firstName, patronymic: s.patronymic || null })
        .where(eq(users.id, s.userId));
      await db.update(studentProfiles).set({ groupId: s.groupId }).where(eq(studentProfiles.userId, s.userId));
    },
    async updateTeacher(t: ExistingTeacher) {
      await db
        .update(users)
        .set({ lastName: t.lastName, firstName: t.firstName, patronymic: t.patronymic || null })
        .where(eq(users.id, t.userId));
      await db
        .update(teacherProfiles)
        .set({ departmentId: t.departmentId, positionId: t.positionId })
        .where(eq(teacherProfiles.userId, t.userId));
    },
    async insertGroup(g: GroupFields) {
      await db.insert(groups).values(g);
    },
    async updateGroup(id: number, g: GroupFields) {
      await db.update(groups).set(g).where(eq(groups.id, id));
    },
  };
}

/** The queries on a transaction's connection. */
export const queriesOf = (db: Db) => queries(db);

/** An import's row in import_jobs, as status() reads it. */
export interface JobRow {
  actorId: number;
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  result: unknown;
  /** Why a failed import failed. */
  reason: ImportFailureReason | null;
  /** Seconds since the instance running it last wrote its progress. */
  quietSec: number;
}

/** A failed import as staff's home lists it. */
export interface FailedImportRow {
  kind: ImportKind;
  fileName: string | null;
  reason: ImportFailureReason | null;
  /** When it failed (ISO UTC). */
  at: string;
  actorName: string;
}

/** Imports under way, kept in PostgreSQL so that any instance answers the page's polls. */
function jobs(db: Db, changes: Changes) {
  return {
    async create(id: string, actorId: number, total: number, kind: string, fileName: string): Promise<void> {
      await db.execute(
        sql`insert into import_jobs (id, actor_id, kind, file_name, state, total)
            values (${id}, ${actorId}, ${kind}, ${fileName}, 'running', ${total})`,
      );
    },
    async progress(id: string, done: number): Promise<void> {
      await db.execute(sql`update import_jobs set done = ${done}, updated_at = now() where id = ${id}`);
    },
    async finish(
      id: string,
      state: 'done' | 'failed',
      done: number,
      result: unknown,
      reason: ImportFailureReason | null,
      /** Who started it, and what it imported: they hear that it ended (the notifications read this). */
      notice: { actorId: number; kind: string },
    ): Promise<void> {
      // The job's state is bookkeeping: the import's own transaction wrote its audit row.
      await outsideStaffCall(() =>
        changes.transaction(async (tx, change) => {
          await tx.execute(
            sql`update import_jobs set state = ${state}, done = ${done}, result = ${result === null ? null : JSON.stringify(result)}::jsonb,
                reason = ${reason}, updated_at = now() where id = ${id}`,
          );
          await change.record('imports', { jobId: id, actorId: notice.actorId, importKind: notice.kind, state });
        }),
      );
    },
    async read(id: string): Promise<JobRow | null> {
      const { rows } = (await db.execute(
        sql`select actor_id as "actorId", state, done, total, result, reason,
              extract(epoch from now() - updated_at)::float8 as "quietSec"
            from import_jobs where id = ${id}`,
      )) as unknown as { rows: JobRow[] };
      return rows[0] ?? null;
    },
    /** A finished job's result has been answered: its passwords go; a lost one is marked failed (interrupted). */
    async settle(id: string, lost: boolean): Promise<void> {
      await db.execute(
        lost
          ? sql`update import_jobs set state = 'failed', reason = 'interrupted', updated_at = now()
                where id = ${id} and state = 'running'`
          : sql`update import_jobs set result = null where id = ${id}`,
      );
    },
    /** Passwords of finished imports nobody asked about after `minutes`; the rows themselves after `days`. */
    async forgetOlderThan(minutes: number, days: number): Promise<void> {
      await db.execute(sql`update import_jobs set result = null
        where result is not null and updated_at < now() - make_interval(mins => ${minutes})`);
      await db.execute(sql`delete from import_jobs where updated_at < now() - make_interval(days => ${days})`);
    },
    /**
     * The imports of the last `days` that failed (or whose instance went quiet `lostAfterSec` ago) and were not
     * followed by a successful import of the same kind, newest first.
     */
    async failed(days: number, lostAfterSec: number): Promise<FailedImportRow[]> {
      const { rows } = (await db.execute(sql`
        select f.kind, f.file_name as "fileName", case when f.state = 'failed' then f.reason else 'interrupted' end as reason,
          to_char(f.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
          concat_ws(' ', u.last_name, u.first_name) as "actorName"
        from import_jobs f join users u on u.id = f.actor_id
        where f.kind is not null and f.updated_at > now() - make_interval(days => ${days})
          and (f.state = 'failed' or (f.state = 'running' and f.updated_at < now() - make_interval(secs => ${lostAfterSec})))
          and not exists (select 1 from import_jobs d
            where d.kind = f.kind and d.state = 'done' and d.updated_at > f.updated_at)
        order by f.updated_at desc`)) as unknown as { rows: FailedImportRow[] };
      return rows;
    },
  };
}

export function createImportRepository(db: Db, changes: Changes) {
  return {
    ...queries(db),
    jobs: jobs(db, changes),
    /** Runs `fn` in one change transaction: the whole import, its audit row and its announcement. */
    transaction: transactionOf(changes, queries),
  };
}

export type ImportQueries = ReturnType<typeof queries>;
export type ImportRepository = ReturnType<typeof createImportRepository>;
