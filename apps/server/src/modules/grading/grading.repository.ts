import type { RatingScope } from '@okuu/contracts/grading/rating';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { GradingColumn } from '../../db/schema/grading.ts';
import { type Change, type Changes, transactionOf } from '../../lib/changes.ts';

interface Named {
  name: string;
  nameKg: string;
  nameEn: string;
}

export interface SheetRow {
  id: number;
  kind: 'regular' | 'retake' | 'individual';
  status: 'open' | 'closed';
  year: number;
  ws: number;
  semesterId: number;
  disciplineId: number;
  code: string;
  discipline: Named;
  /** The audience: a group, or a stream (every group of it). */
  audience: { kind: 'group' | 'stream'; id: number } & Named;
  examinationTypeId: number | null;
  credits: number;
  columns: GradingColumn[];
  admissionMin: number;
  parentId: number | null;
  students: number;
  filled: number;
  closedAt: string | null;
  firstClosedAt: string | null;
}

export interface RatingRowData {
  place: number;
  studentId: number;
  name: string;
  group: string;
  credits: number;
  points: number;
  gpaX100: number;
}

export interface CellRow {
  studentId: number;
  position: number;
  points: number | null;
  version: number;
}

export interface MemberRow {
  id: number;
  name: string;
  recordBook: string | null;
  group: string;
}

export interface SheetFilter {
  teacherId?: number;
  year?: number;
  ws?: number;
  groupId?: number;
  status?: 'open' | 'closed';
  ids?: number[];
  studentId?: number;
}

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const fio = (alias: string) => sql.raw(`concat_ws(' ', ${alias}.last_name, ${alias}.first_name, ${alias}.patronymic)`);

/** The groups of sheet (or audience) `s`: its group, or its stream's groups. */
const groupsOf = (s: string) => `select ${s}.group_id where ${s}.group_id is not null
    union all select sg.group_id from stream_groups sg where sg.stream_id = ${s}.stream_id`;

/** The students of sheet `s`: its audience's (a regular sheet), its own list (retake, individual), and any with points. */
const membersOf = (s: string) =>
  sql.raw(`select sp.user_id as id from student_profiles sp
     where ${s}.kind = 'regular' and sp.group_id in (${groupsOf(s)})
    union select m.student_id from grading_sheet_students m where m.sheet_id = ${s}.id
    union select c.student_id from grading_cells c where c.sheet_id = ${s}.id`);

/**
 * Whether teacher `teacher` teaches sheet `s`'s discipline to a group of its audience (to the group, a stream of it or
 * a subgroup of it) in its half-year, or made or closed the sheet (a sheet of a half-year whose assignments are no
 * longer kept).
 */
const teaches = (teacher: SQL, s: string) => sql`(${sql.raw(`${s}.created_by`)} = ${teacher}
  or ${sql.raw(`${s}.closed_by`)} = ${teacher} or exists (select 1 from teaching_assignments a
   where a.teacher_id = ${teacher} and a.academic_year_id = ${sql.raw(`${s}.academic_year_id`)}
     and a.half_year_kind = ${sql.raw(`${s}.half_year_kind`)} and a.discipline_id = ${sql.raw(`${s}.discipline_id`)}
     and (a.group_id in (${sql.raw(groupsOf(s))})
          or a.stream_id in (select sg.stream_id from stream_groups sg where sg.group_id in (${sql.raw(groupsOf(s))}))
          or a.subgroup_id in (select sb.id from subgroups sb where sb.group_id in (${sql.raw(groupsOf(s))})))))`;

export function gradingQueries(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /**
     * Makes the regular sheets of what a teacher teaches in a half-year that do not exist yet: one per stream a
     * discipline is lectured to (every group of it on one sheet), else per group. A stream some group of which already
     * has its own sheet of the discipline (made before the stream's lecture was assigned) stays per group.
     */
    async ensureSheets(
      teacherId: number,
      year: number,
      ws: number,
      scheme: { columns: GradingColumn[]; admissionMin: number },
    ) {
      await db.execute(sql`
        with taught as (
          select a.academic_year_id as year, a.half_year_kind as ws, a.discipline_id, r.group_id,
                 max(a.semester_id) as semester_id, max(a.credits) as credits
            from teaching_assignments a
            cross join lateral (
              select a.group_id where a.group_id is not null
              union select sg.group_id from stream_groups sg where sg.stream_id = a.stream_id
              union select sb.group_id from subgroups sb where sb.id = a.subgroup_id) r(group_id)
           where a.teacher_id = ${teacherId} and a.academic_year_id = ${year} and a.half_year_kind = ${ws}
           group by 1, 2, 3, 4),
        audience as (
          select t.*, (select min(a.stream_id) from teaching_assignments a
                         join stream_groups sg on sg.stream_id = a.stream_id
                        where a.academic_year_id = t.year and a.half_year_kind = t.ws
                          and a.discipline_id = t.discipline_id and sg.group_id = t.group_id
                          and not exists (select 1 from grading_sheets e
                                            join stream_groups eg on eg.group_id = e.group_id
                                           where e.kind = 'regular' and e.academic_year_id = t.year
                                             and e.half_year_kind = t.ws and e.discipline_id = t.discipline_id
                                             and eg.stream_id = a.stream_id)) as stream_id
            from taught t),
        x as (
          select year, ws, discipline_id, case when stream_id is null then group_id end as group_id, stream_id,
                 min(group_id) as some_group, max(semester_id) as semester_id, max(credits) as credits
            from audience group by 1, 2, 3, 4, 5)
        insert into grading_sheets (kind, academic_year_id, half_year_kind, semester_id, discipline_id, group_id,
                                    stream_id, examination_type_id, credits, columns, admission_min, created_by)
        select 'regular', x.year, x.ws, x.semester_id, x.discipline_id, x.group_id, x.stream_id,
               (select c.examination_type_id from curriculum c join groups g on g.speciality_id = c.speciality_id
                 where g.id = x.some_group and c.discipline_id = x.discipline_id and c.semester_id = x.semester_id
                 limit 1),
               x.credits, coalesce(gs.columns, ${JSON.stringify(scheme.columns)}::jsonb),
               coalesce(gs.admission_min, ${scheme.admissionMin}), ${teacherId}
          from x left join grading_schemes gs on gs.discipline_id = x.discipline_id
         -- No student on two regular sheets of a discipline: none of the audience's groups may have one already.
         where not exists (select 1 from grading_sheets e
                            where e.kind = 'regular' and e.academic_year_id = x.year and e.half_year_kind = x.ws
                              and e.discipline_id = x.discipline_id
                              and exists (select 1 from (${sql.raw(groupsOf('e'))}) eg(g)
                                           where eg.g in (${sql.raw(groupsOf('x'))})))
         order by x.discipline_id, x.stream_id, x.group_id
        on conflict do nothing`);
    },

    async sheets(filter: SheetFilter): Promise<SheetRow[]> {
      const where: SQL[] = [sql`true`];
      if (filter.teacherId !== undefined) where.push(teaches(sql`${filter.teacherId}`, 's'));
      if (filter.year !== undefined) where.push(sql`s.academic_year_id = ${filter.year}`);
      if (filter.ws !== undefined) where.push(sql`s.half_year_kind = ${filter.ws}`);
      if (filter.groupId !== undefined)
        where.push(sql`(s.group_id = ${filter.groupId}
          or s.stream_id in (select sg.stream_id from stream_groups sg where sg.group_id = ${filter.groupId}))`);
      if (filter.status !== undefined) where.push(sql`s.status = ${filter.status}`);
      if (filter.ids !== undefined) where.push(sql`s.id = any(${`{${filter.ids.join(',')}}`}::int[])`);
      // The student's sheets found from the student's side (their group's or stream's, their own, those with their
      // cells): asking each sheet of the half-year whether the student is among its members took some 6 ms at 20,000.
      if (filter.studentId !== undefined)
        where.push(sql`s.id in (select g.id from grading_sheets g join student_profiles sp on sp.group_id = g.group_id
            where g.kind = 'regular' and sp.user_id = ${filter.studentId}
          union select g.id from grading_sheets g join stream_groups sg on sg.stream_id = g.stream_id
            join student_profiles sp on sp.group_id = sg.group_id
            where g.kind = 'regular' and sp.user_id = ${filter.studentId}
          union select m.sheet_id from grading_sheet_students m where m.student_id = ${filter.studentId}
          union select c.sheet_id from grading_cells c where c.student_id = ${filter.studentId})`);
      return rows(sql`
        select s.id, s.kind, s.status, s.academic_year_id as year, s.half_year_kind as ws, s.semester_id as "semesterId",
               s.discipline_id as "disciplineId", d.code,
               json_build_object('name', d.name, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
               case when s.stream_id is null
                    then json_build_object('kind', 'group', 'id', g.id, 'name', g.name, 'nameKg', g.name,
                                           'nameEn', g.name)
                    else json_build_object('kind', 'stream', 'id', st.id, 'name', st.name, 'nameKg', st.name_kg,
                                           'nameEn', st.name_en) end as audience,
               s.examination_type_id as "examinationTypeId",
               s.credits, s.columns, s.admission_min as "admissionMin", s.parent_id as "parentId",
               (select count(*)::int from (${membersOf('s')}) m) as students,
               (select count(*)::int from grading_cells c where c.sheet_id = s.id and c.points is not null) as filled,
               ${iso('s.closed_at')} as "closedAt", ${iso('s.first_closed_at')} as "firstClosedAt"
          from grading_sheets s
          join disciplines d on d.id = s.discipline_id
          left join groups g on g.id = s.group_id
          left join streams st on st.id = s.stream_id
         where ${sql.join(where, sql` and `)}
         order by s.academic_year_id desc, s.half_year_kind desc, d.code, coalesce(g.name, st.name), s.id
         limit 500`);
    },

    async teaches(teacherId: number, sheetId: number): Promise<boolean> {
      const found = await rows(
        sql`select 1 from grading_sheets s where s.id = ${sheetId} and ${teaches(sql`${teacherId}`, 's')}`,
      );
      return found.length > 0;
    },

    async teachers(sheetId: number): Promise<string[]> {
      // Three lookups the indexes serve (by group, by the groups' streams, by their subgroups), rather than one join
      // on an OR of them, which read every assignment (some 140 ms at 20,000 students, against 15).
      const found = await rows<{ name: string }>(sql`
        with s as (select academic_year_id as y, half_year_kind as w, discipline_id as d, group_id, stream_id
                     from grading_sheets where id = ${sheetId}),
             gs as (select group_id from s where group_id is not null
                    union all select sg.group_id from s join stream_groups sg on sg.stream_id = s.stream_id),
             a as (select a.* from teaching_assignments a, s
                    where a.academic_year_id = s.y and a.half_year_kind = s.w and a.discipline_id = s.d)
        select distinct ${fio('u')} as name from users u
         where u.id in (select a.teacher_id from a where a.group_id in (select group_id from gs)
                        union all select a.teacher_id from a join stream_groups sg on sg.stream_id = a.stream_id
                         where sg.group_id in (select group_id from gs)
                        union all select a.teacher_id from a join subgroups sb on sb.id = a.subgroup_id
                         where sb.group_id in (select group_id from gs))
         order by 1`);
      return found.map((r) => r.name);
    },

    async header(sheetId: number): Promise<{ faculty: Named; examinationType: Named | null } | null> {
      const [found] = await rows<{ faculty: Named; examinationType: Named | null }>(sql`
        select json_build_object('name', f.name, 'nameKg', f.name_kg, 'nameEn', f.name_en) as faculty,
               case when et.id is null then null
                    else json_build_object('name', et.name, 'nameKg', et.name_kg, 'nameEn', et.name_en) end
                 as "examinationType"
          from grading_sheets s
          join groups g on g.id = coalesce(s.group_id,
            (select min(sg.group_id) from stream_groups sg where sg.stream_id = s.stream_id))
          join specialities sp on sp.id = g.speciality_id join departments dp on dp.id = sp.department_id
          join faculties f on f.id = dp.faculty_id
          left join examination_types et on et.id = s.examination_type_id
         where s.id = ${sheetId}`);
      return found ?? null;
    },

    async members(sheetId: number): Promise<MemberRow[]> {
      // The sheet's students looked up by its id (not through a lateral join, which the planner took for many rows and
      // answered by reading every user).
      return rows(sql`
        select u.id, ${fio('u')} as name, p.record_book as "recordBook", coalesce(gr.name, '') as "group"
          from users u left join student_profiles p on p.user_id = u.id left join groups gr on gr.id = p.group_id
         where u.id in (select sp.user_id from student_profiles sp
                         where sp.group_id in (select g.group_id from grading_sheets g
                                                where g.id = ${sheetId} and g.kind = 'regular'
                                               union all select sg.group_id from grading_sheets g
                                                 join stream_groups sg on sg.stream_id = g.stream_id
                                                where g.id = ${sheetId} and g.kind = 'regular')
                        union select m.student_id from grading_sheet_students m where m.sheet_id = ${sheetId}
                        union select c.student_id from grading_cells c where c.sheet_id = ${sheetId})
         order by "group", 2, u.id`);
    },

    async isMember(sheetId: number, studentId: number): Promise<boolean> {
      const found = await rows(
        sql`select 1 from grading_sheets s where s.id = ${sheetId} and ${studentId} in (${membersOf('s')})`,
      );
      return found.length > 0;
    },

    async cells(sheetId: number, studentId?: number): Promise<CellRow[]> {
      return rows(sql`
        select student_id as "studentId", position, points, version from grading_cells
         where sheet_id = ${sheetId} ${studentId === undefined ? sql`` : sql`and student_id = ${studentId}`}`);
    },

    /** Which of `sheetIds` hold points of the student written since `since`. */
    async changedSince(sheetIds: number[], studentId: number, since: Date): Promise<number[]> {
      if (!sheetIds.length) return [];
      const found = await rows<{ id: number }>(sql`select distinct sheet_id as id from grading_cells
         where sheet_id = any(${`{${sheetIds.join(',')}}`}::int[]) and student_id = ${studentId}
           and points is not null and updated_at >= ${since.toISOString()}`);
      return found.map((r) => r.id);
    },

    async cellsOfSheets(sheetIds: number[], studentId: number): Promise<(CellRow & { sheetId: number })[]> {
      if (!sheetIds.length) return [];
      return rows(sql`
        select sheet_id as "sheetId", student_id as "studentId", position, points, version from grading_cells
         where sheet_id = any(${`{${sheetIds.join(',')}}`}::int[]) and student_id = ${studentId}`);
    },

    async events(
      sheetId: number,
    ): Promise<{ action: 'close' | 'reopen'; reason: string; actor: string | null; at: string }[]> {
      return rows(sql`
        select e.action, e.reason, ${fio('u')} as actor, ${iso('e.at')} as at
          from grading_sheet_events e left join users u on u.id = e.actor_id
         where e.sheet_id = ${sheetId} order by e.id`);
    },

    /** The sheet's status, locked to the end of the transaction: shared by a cell's write, exclusive for a close. */
    async lock(sheetId: number, mode: 'share' | 'update'): Promise<{ status: 'open' | 'closed' } | null> {
      const [found] = await rows<{ status: 'open' | 'closed' }>(
        sql`select status from grading_sheets where id = ${sheetId} for ${sql.raw(mode === 'share' ? 'share' : 'update')}`,
      );
      return found ?? null;
    },

    /** Writes a cell if its version is still `version` (0: none yet); null when it is not. */
    async putCell(
      sheetId: number,
      studentId: number,
      position: number,
      points: number | null,
      version: number,
      by: number,
    ): Promise<{ points: number | null; version: number } | null> {
      const [written] =
        version === 0
          ? await rows<{ points: number | null; version: number }>(sql`
              insert into grading_cells (sheet_id, student_id, position, points, version, updated_by)
              values (${sheetId}, ${studentId}, ${position}, ${points}, 1, ${by})
              on conflict do nothing returning points, version`)
          : await rows<{ points: number | null; version: number }>(sql`
              update grading_cells set points = ${points}, version = version + 1, updated_by = ${by}, updated_at = now()
               where sheet_id = ${sheetId} and student_id = ${studentId} and position = ${position}
                 and version = ${version}
              returning points, version`);
      return written ?? null;
    },

    /**
     * The open regular sheet of a student's group or stream for a discipline in a half-year, locked against a close
     * until the end of the transaction (null when there is none, or it is closed).
     */
    async openSheetOf(
      studentId: number,
      disciplineId: number,
      year: number,
      ws: number,
    ): Promise<{ id: number; columns: GradingColumn[] } | null> {
      const [found] = await rows<{ id: number; columns: GradingColumn[] }>(sql`
        select s.id, s.columns from grading_sheets s join student_profiles sp on sp.user_id = ${studentId}
         where s.kind = 'regular' and s.discipline_id = ${disciplineId}
           and s.academic_year_id = ${year} and s.half_year_kind = ${ws} and s.status = 'open'
           and (s.group_id = sp.group_id
                or s.stream_id in (select sg.stream_id from stream_groups sg where sg.group_id = sp.group_id))
           for share of s`);
      return found ?? null;
    },

    /** Writes a cell whatever its version (a test's score given to its control point); false when it holds them. */
    async feedCell(sheetId: number, studentId: number, position: number, points: number, by: number) {
      const written = await rows(sql`
        insert into grading_cells (sheet_id, student_id, position, points, version, updated_by)
        values (${sheetId}, ${studentId}, ${position}, ${points}, 1, ${by})
        on conflict (sheet_id, student_id, position) do update
          set points = excluded.points, version = grading_cells.version + 1, updated_by = excluded.updated_by,
              updated_at = now()
          where grading_cells.points is distinct from excluded.points
        returning 1`);
      return written.length > 0;
    },

    async markClosed(sheetId: number, by: number) {
      await db.execute(sql`update grading_sheets set status = 'closed', closed_at = now(), closed_by = ${by},
        first_closed_at = coalesce(first_closed_at, now()) where id = ${sheetId}`);
    },

    async markOpen(sheetId: number) {
      await db.execute(
        sql`update grading_sheets set status = 'open', closed_at = null, closed_by = null where id = ${sheetId}`,
      );
    },

    async addEvent(sheetId: number, action: 'close' | 'reopen', reason: string, actorId: number) {
      await db.execute(sql`insert into grading_sheet_events (sheet_id, action, reason, actor_id)
        values (${sheetId}, ${action}, ${reason}, ${actorId})`);
    },

    /** Replaces what the sheet's close gave each student. */
    async putResults(sheetId: number, results: { studentId: number; points: number; credits: number }[]) {
      await db.execute(sql`delete from grading_results where sheet_id = ${sheetId}`);
      if (!results.length) return;
      await db.execute(sql`insert into grading_results (sheet_id, student_id, points, credits)
        select ${sheetId}, x.s, x.p, x.c from unnest(${`{${results.map((r) => r.studentId).join(',')}}`}::int[],
          ${`{${results.map((r) => r.points).join(',')}}`}::int[], ${`{${results.map((r) => r.credits).join(',')}}`}::int[]) as x(s, p, c)`);
    },

    /** Students of the sheet who have a closed retake or individual sheet after it (their result is that one's). */
    async replacedStudents(sheetId: number): Promise<number[]> {
      const found = await rows<{ id: number }>(sql`
        select distinct m.student_id as id from grading_sheets c join grading_sheet_students m on m.sheet_id = c.id
         where c.parent_id = ${sheetId} and c.status = 'closed'`);
      return found.map((r) => r.id);
    },

    async scheme(disciplineId: number): Promise<{ columns: GradingColumn[]; admissionMin: number } | null> {
      const [found] = await rows<{ columns: GradingColumn[]; admissionMin: number }>(
        sql`select columns, admission_min as "admissionMin" from grading_schemes where discipline_id = ${disciplineId}`,
      );
      return found ?? null;
    },

    /** A discipline's code and name, or null when there is none. */
    async disciplineName(disciplineId: number): Promise<string | null> {
      const [found] = await rows<{ name: string }>(
        sql`select code || ' ' || name as name from disciplines where id = ${disciplineId}`,
      );
      return found?.name ?? null;
    },

    async putScheme(disciplineId: number, columns: GradingColumn[], admissionMin: number, by: number) {
      await db.execute(sql`
        insert into grading_schemes (discipline_id, columns, admission_min, updated_by)
        values (${disciplineId}, ${JSON.stringify(columns)}::jsonb, ${admissionMin}, ${by})
        on conflict (discipline_id) do update set columns = excluded.columns, admission_min = excluded.admission_min,
          updated_by = excluded.updated_by, updated_at = now()`);
      await db.execute(sql`
        update grading_sheets s set columns = ${JSON.stringify(columns)}::jsonb, admission_min = ${admissionMin}
         where s.discipline_id = ${disciplineId} and s.status = 'open'
           and not exists (select 1 from grading_cells c where c.sheet_id = s.id)`);
    },

    /** A retake or individual sheet following closed sheet `parent`, for `students`. */
    async addFollowing(
      parentId: number,
      kind: 'retake' | 'individual',
      students: number[],
      by: number,
    ): Promise<number> {
      const [made] = await rows<{ id: number }>(sql`
        insert into grading_sheets (kind, academic_year_id, half_year_kind, semester_id, discipline_id, group_id,
                                    stream_id, examination_type_id, credits, columns, admission_min, parent_id,
                                    created_by)
        select ${kind}, academic_year_id, half_year_kind, semester_id, discipline_id, group_id, stream_id,
               examination_type_id,
               credits, columns, admission_min, id, ${by}
          from grading_sheets where id = ${parentId}
        returning id`);
      const id = (made as { id: number }).id;
      await db.execute(sql`insert into grading_sheet_students (sheet_id, student_id)
        select ${id}, unnest(${`{${students.join(',')}}`}::int[])`);
      return id;
    },

    /** What the last close of a sheet gave each student. */
    async results(sheetId: number): Promise<{ studentId: number; points: number }[]> {
      return rows(sql`select student_id as "studentId", points from grading_results where sheet_id = ${sheetId}`);
    },

    /**
     * The rating of a population of students: per student the effective result of each discipline and half-year (the
     * latest closed sheet's: a retake's over the failed one), credit-weighted GPA in hundredths and total points,
     * ranked (ties by points). Students without a closed result are left out.
     */
    async rating(
      scope: RatingScope,
      id: number,
      period: { year: number; ws: number } | null,
    ): Promise<RatingRowData[]> {
      const population =
        scope === 'group'
          ? sql`select sp.user_id as id from student_profiles sp where sp.group_id = ${id}`
          : scope === 'stream'
            ? sql`select sp.user_id as id from student_profiles sp
                   where sp.group_id in (select sg.group_id from stream_groups sg where sg.stream_id = ${id})`
            : sql`select sp.user_id as id from student_profiles sp join groups g on g.id = sp.group_id
                    join specialities s on s.id = g.speciality_id join departments d on d.id = s.department_id
                   where d.faculty_id = ${id}`;
      const when = period ? sql`and s.academic_year_id = ${period.year} and s.half_year_kind = ${period.ws}` : sql``;
      return rows(sql`
        with pop as (${population}),
        eff as (
          select distinct on (r.student_id, s.discipline_id, s.academic_year_id, s.half_year_kind)
                 r.student_id, r.points, r.credits
            from grading_results r join grading_sheets s on s.id = r.sheet_id
           where s.status = 'closed' and r.student_id in (select id from pop) ${when}
           order by r.student_id, s.discipline_id, s.academic_year_id, s.half_year_kind, s.closed_at desc, s.id desc
        ),
        per as (
          select e.student_id, sum(e.credits)::int as credits, sum(e.points)::int as points,
                 round(sum(e.credits * coalesce(g.numeric_x100, 0))::numeric / sum(e.credits))::int as gpa
            from eff e left join grade_scale g on e.points between g.min_points and g.max_points
           group by e.student_id
        )
        select (rank() over (order by p.gpa desc, p.points desc))::int as place, p.student_id as "studentId",
               ${fio('u')} as name, coalesce(gr.name, '') as "group", p.credits, p.points, p.gpa as "gpaX100"
          from per p join users u on u.id = p.student_id
          left join student_profiles sp on sp.user_id = p.student_id left join groups gr on gr.id = sp.group_id
         order by place, name, p.student_id`);
    },

    async scopeName(scope: RatingScope, id: number): Promise<string | null> {
      const table = scope === 'group' ? 'groups' : scope === 'stream' ? 'streams' : 'faculties';
      const [found] = await rows<{ name: string }>(sql`select name from ${sql.identifier(table)} where id = ${id}`);
      return found?.name ?? null;
    },

    /** A student's group, a stream of it, and its faculty. */
    async studentScopes(
      studentId: number,
    ): Promise<{ group: number | null; stream: number | null; faculty: number | null }> {
      const [found] = await rows<{ group: number | null; stream: number | null; faculty: number | null }>(sql`
        select sp.group_id as "group",
               (select min(sg.stream_id) from stream_groups sg where sg.group_id = sp.group_id) as stream,
               d.faculty_id as faculty
          from student_profiles sp join groups g on g.id = sp.group_id join specialities s on s.id = g.speciality_id
          join departments d on d.id = s.department_id
         where sp.user_id = ${studentId}`);
      return found ?? { group: null, stream: null, faculty: null };
    },

    /** The groups a teacher teaches anything to in a half-year (itself, its stream, a subgroup of it). */
    async teacherGroups(teacherId: number, year: number, ws: number): Promise<{ id: number; name: string }[]> {
      return rows(sql`
        select distinct g.id, g.name from teaching_assignments a
          cross join lateral (
            select a.group_id where a.group_id is not null
            union select sg.group_id from stream_groups sg where sg.stream_id = a.stream_id
            union select sb.group_id from subgroups sb where sb.id = a.subgroup_id) r(group_id)
          join groups g on g.id = r.group_id
         where a.teacher_id = ${teacherId} and a.academic_year_id = ${year} and a.half_year_kind = ${ws}
         order by g.name`);
    },

    async scopes(): Promise<Record<RatingScope, { id: number; name: string }[]>> {
      const [found] = await rows<Record<RatingScope, { id: number; name: string }[]>>(sql`
        select coalesce((select json_agg(json_build_object('id', id, 'name', name) order by name) from groups), '[]') as "group",
               coalesce((select json_agg(json_build_object('id', id, 'name', name) order by name) from streams), '[]') as stream,
               coalesce((select json_agg(json_build_object('id', id, 'name', name) order by name) from faculties), '[]') as faculty`);
      return found as Record<RatingScope, { id: number; name: string }[]>;
    },
  };
}

export type GradingQueries = ReturnType<typeof gradingQueries>;

export function createGradingRepository(db: Db, changes: Changes) {
  return {
    ...gradingQueries(db),
    transaction: transactionOf(changes, gradingQueries),
    /** The queries on another module's change: grading writes made as part of it. */
    within: (change: Change) => gradingQueries(change.tx),
  };
}

export type GradingRepository = ReturnType<typeof createGradingRepository>;
