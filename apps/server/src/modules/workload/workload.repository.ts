import type { WeekParity } from '@okuu/contracts/schedule/weeks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

interface Named {
  name: string;
  nameKg: string;
  nameEn: string;
}

type AudienceKind = 'group' | 'subgroup' | 'stream';

/** A teacher with their department. */
export interface TeacherRow {
  id: number;
  name: string;
  department: Named & { id: number };
}

/** What one teacher teaches one audience (a timetable lesson, or an assignment with none): the plan's source. */
export interface TaughtRow {
  teacherId: number;
  discipline: Named & { id: number; code: string };
  lessonKind: Named & { id: number };
  audience: { kind: AudienceKind; id: number; name: string };
}

/** A weekly lesson of the timetable: its weekday (1 Monday … 7 Sunday), parity and the end of its slot (HH:MM). */
export interface EntryRow extends TaughtRow {
  dayNumber: number;
  parity: WeekParity;
  end: string;
}

const teacherName = sql`concat_ws(' ', u.last_name, u.first_name, u.patronymic)`;
const taughtColumns = sql`
  json_build_object('id', d.id, 'code', d.code, 'name', d.name, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
  json_build_object('id', lk.id, 'name', lk.name, 'nameKg', lk.name_kg, 'nameEn', lk.name_en) as "lessonKind"`;

/**
 * Reads the plan: teachers, the timetable's lessons and the teaching assignments of a half-year. These tables belong to
 * the staff import and the schedule; the workload only reads them (and the journal through the journal's service).
 */
export function createWorkloadRepository(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const ofTeacher = (column: SQL, teacherId: number | null) =>
    teacherId === null ? sql`` : sql`and ${column} = ${teacherId}`;

  return {
    /** Teachers (one, or all, or a department's) with their departments, by department and name. */
    async teachers(filter: { teacherId?: number; departmentId?: number }): Promise<TeacherRow[]> {
      return rows(sql`
        select u.id, ${teacherName} as name,
               json_build_object('id', dp.id, 'name', dp.name, 'nameKg', dp.name_kg, 'nameEn', dp.name_en) as department
          from teacher_profiles tp
          join users u on u.id = tp.user_id
          join departments dp on dp.id = tp.department_id
         where u.role = 1
           ${filter.teacherId === undefined ? sql`` : sql`and u.id = ${filter.teacherId}`}
           ${filter.departmentId === undefined ? sql`` : sql`and dp.id = ${filter.departmentId}`}
         order by dp.name, name, u.id`);
    },

    /** Every department, by name. */
    async departments(): Promise<(Named & { id: number })[]> {
      return rows(sql`select id, name, name_kg as "nameKg", name_en as "nameEn" from departments order by name, id`);
    },

    /** The timetable's lessons of a half-year (one teacher's, or everyone's). */
    async entries(year: number, ws: number, teacherId: number | null): Promise<EntryRow[]> {
      return rows(sql`
        select e.teacher_id as "teacherId", ${taughtColumns},
               json_build_object(
                 'kind', case when e.group_id is not null then 'group' when e.subgroup_id is not null then 'subgroup'
                              else 'stream' end,
                 'id', coalesce(e.group_id, e.subgroup_id, e.stream_id),
                 'name', coalesce(g.name, sg.name, st.name)) as audience,
               e.day_number as "dayNumber", e.week_parity as parity, to_char(ts.ends_at, 'HH24:MI') as "end"
          from schedule_entries e
          join disciplines d on d.id = e.discipline_id
          join lesson_kinds lk on lk.id = e.lesson_kind_id
          join time_slots ts on ts.id = e.time_slot_id
          left join groups g on g.id = e.group_id
          left join subgroups sg on sg.id = e.subgroup_id
          left join streams st on st.id = e.stream_id
         where e.academic_year_id = ${year} and e.half_year_kind = ${ws} ${ofTeacher(sql`e.teacher_id`, teacherId)}`);
    },

    /** The teaching assignments of a half-year, for an audience, that have no lesson in the timetable (nothing planned yet). */
    async unscheduled(year: number, ws: number, teacherId: number | null): Promise<TaughtRow[]> {
      return rows(sql`
        select a.teacher_id as "teacherId", ${taughtColumns},
               json_build_object(
                 'kind', case when a.subgroup_id is not null then 'subgroup' when a.group_id is not null then 'group'
                              else 'stream' end,
                 'id', coalesce(a.subgroup_id, a.group_id, a.stream_id),
                 'name', coalesce(sg.name, g.name, st.name)) as audience
          from teaching_assignments a
          join disciplines d on d.id = a.discipline_id
          join lesson_kinds lk on lk.id = a.lesson_kind_id
          left join groups g on g.id = a.group_id
          left join subgroups sg on sg.id = a.subgroup_id
          left join streams st on st.id = a.stream_id
         where a.academic_year_id = ${year} and a.half_year_kind = ${ws} ${ofTeacher(sql`a.teacher_id`, teacherId)}
           and not exists (select 1 from schedule_entries e where e.teaching_assignment_id = a.id)
           -- A registration offering open to any student has no audience (nor lessons): nothing to plan or give.
           and num_nonnulls(a.group_id, a.subgroup_id, a.stream_id) > 0`);
    },
  };
}

export type WorkloadRepository = ReturnType<typeof createWorkloadRepository>;
