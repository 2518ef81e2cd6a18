import type { NamedRecord } from '@okuu/contracts/fields';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import {
  disciplines,
  groups,
  semesters,
  streamGroups,
  streams,
  subgroupMembers,
  subgroups,
} from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';

interface Named {
  name: string;
  nameKg: string;
  nameEn: string;
}

/** One way a teacher teaches a group in a half-year: a teaching assignment, for each group its audience reaches. */
export interface TeachingRow {
  semester: Named & { id: number; number: number };
  discipline: Named & { id: number; code: string };
  credits: number;
  isElective: boolean;
  group: { id: number; name: string; studyForm: 'full_time' | 'part_time' };
  /** Set when the assignment is for one subgroup of the group. */
  subgroup: { id: number; name: string } | null;
  /** Set when the assignment is for a stream the group is in. */
  stream: { id: number; name: string } | null;
}

/** One way a student meets a discipline in a half-year: a registration, or an assignment reaching them. */
export interface StudyRow {
  semester: Named & { id: number; number: number };
  discipline: Named & { id: number; code: string };
  credits: number;
  isElective: boolean;
  teacher: { id: number; name: string; position: NamedRecord | null } | null;
}

export interface StudentMembership {
  group: { id: number; name: string; studyForm: 'full_time' | 'part_time' };
  subgroups: { id: number; name: string }[];
  streams: { id: number; name: string }[];
}

const fullName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;

/** The semester `sem` and discipline `d` of a row, as JSON. */
const semesterJson = sql`json_build_object('id', sem.id, 'number', sem.number, 'name', sem.name, 'nameKg', sem.name_kg, 'nameEn', sem.name_en)`;
const disciplineJson = sql`json_build_object('id', d.id, 'code', d.code, 'name', d.name, 'nameKg', d.name_kg, 'nameEn', d.name_en)`;
/** Whether teaching assignment `ta`'s discipline is an elective in the curriculum of group `g`. */
const electiveForGroup = sql`coalesce((select c.is_elective from curriculum c
  where c.speciality_id = g.speciality_id and c.semester_id = ta.semester_id and c.discipline_id = ta.discipline_id), false)`;

export function createDisciplineRepository(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** What a teacher teaches in a half-year: their assignments, one row for each group an assignment reaches. */
    async teaching(teacherId: number, year: number, ws: number): Promise<TeachingRow[]> {
      return rows<TeachingRow>(sql`
        select ${semesterJson} as semester, ${disciplineJson} as discipline, ta.credits,
          ${electiveForGroup} as "isElective",
          json_build_object('id', g.id, 'name', g.name, 'studyForm', g.study_form) as "group",
          case when s.id is null then null else json_build_object('id', s.id, 'name', s.name) end as subgroup,
          case when st.id is null then null else json_build_object('id', st.id, 'name', st.name) end as stream
        from teaching_assignments ta
        join semesters sem on sem.id = ta.semester_id
        join disciplines d on d.id = ta.discipline_id
        left join subgroups s on s.id = ta.subgroup_id
        left join streams st on st.id = ta.stream_id
        left join stream_groups sg on sg.stream_id = ta.stream_id
        join groups g on g.id = coalesce(s.group_id, ta.group_id, sg.group_id)
        where ta.teacher_id = ${teacherId} and ta.academic_year_id = ${year} and ta.half_year_kind = ${ws}
        order by d.name, sem.number, g.name`);
    },

    /**
     * What a student studies in a half-year: their registrations, and the assignments that reach their group, one of
     * their subgroups or one of their group's streams.
     */
    async studies(studentId: number, groupId: number, year: number, ws: number): Promise<StudyRow[]> {
      const teacherJson = sql`case when t.id is null then null else json_build_object('id', t.id, 'name', concat_ws(' ', t.last_name, t.first_name, t.patronymic), 'position', case when pos.id is null then null else json_build_object('name', pos.name, 'nameKg', pos.name_kg, 'nameEn', pos.name_en) end) end`;
      return rows<StudyRow>(sql`
        with mine as (
          select r.semester_id, r.discipline_id, r.credits, r.is_elective, r.teacher_id
            from registrations r
            where r.student_id = ${studentId} and r.academic_year_id = ${year} and r.half_year_kind = ${ws}
          union
          select ta.semester_id, ta.discipline_id, ta.credits, ${electiveForGroup}, ta.teacher_id
            from teaching_assignments ta, groups g
            where g.id = ${groupId} and ta.academic_year_id = ${year} and ta.half_year_kind = ${ws}
              and (ta.group_id = g.id
                or ta.stream_id in (select stream_id from stream_groups where group_id = g.id)
                or ta.subgroup_id in (select subgroup_id from subgroup_members where student_id = ${studentId}))
        )
        select ${semesterJson} as semester, ${disciplineJson} as discipline, mine.credits,
          mine.is_elective as "isElective", ${teacherJson} as teacher
        from mine
        join semesters sem on sem.id = mine.semester_id
        join disciplines d on d.id = mine.discipline_id
        left join users t on t.id = mine.teacher_id
        left join teacher_profiles tp on tp.user_id = t.id
        left join positions pos on pos.id = tp.position_id
        order by d.name, sem.number`);
    },

    /** A student's group, their subgroups of it and the group's streams. */
    async membership(studentId: number): Promise<StudentMembership | null> {
      const [group] = await db
        .select({ id: groups.id, name: groups.name, studyForm: groups.studyForm })
        .from(studentProfiles)
        .innerJoin(groups, eq(groups.id, studentProfiles.groupId))
        .where(eq(studentProfiles.userId, studentId));
      if (!group) return null;
      const [own, streamRows] = await Promise.all([
        db
          .select({ id: subgroups.id, name: subgroups.name })
          .from(subgroupMembers)
          .innerJoin(subgroups, eq(subgroups.id, subgroupMembers.subgroupId))
          .where(and(eq(subgroupMembers.studentId, studentId), eq(subgroups.groupId, group.id)))
          .orderBy(subgroups.name),
        db
          .select({ id: streams.id, name: streams.name })
          .from(streamGroups)
          .innerJoin(streams, eq(streams.id, streamGroups.streamId))
          .where(eq(streamGroups.groupId, group.id))
          .orderBy(streams.name),
      ]);
      return { group, subgroups: own, streams: streamRows };
    },

    /** The students of a group, by name, with their subgroups of it; only those of `subgroupIds` when given. */
    async groupStudents(groupId: number, subgroupIds: number[] | null) {
      const subgroupsOf = sql<number[]>`coalesce((select array_agg(sm.subgroup_id order by sm.subgroup_id)
        from ${subgroupMembers} sm join ${subgroups} s on s.id = sm.subgroup_id
        where sm.student_id = ${users.id} and s.group_id = ${groupId}), '{}')`;
      return db
        .select({ id: users.id, name: fullName, subgroups: subgroupsOf })
        .from(studentProfiles)
        .innerJoin(users, eq(users.id, studentProfiles.userId))
        .where(
          and(
            eq(studentProfiles.groupId, groupId),
            subgroupIds
              ? inArray(
                  users.id,
                  db
                    .select({ id: subgroupMembers.studentId })
                    .from(subgroupMembers)
                    .where(inArray(subgroupMembers.subgroupId, subgroupIds)),
                )
              : undefined,
          ),
        )
        .orderBy(users.lastName, users.firstName, users.id);
    },

    /** Which of these records exist, to tell an unknown id (404) from another's (403). */
    async exists(table: 'semester' | 'discipline' | 'group', id: number): Promise<boolean> {
      const target = { semester: semesters, discipline: disciplines, group: groups }[table];
      const rows = await db.select({ id: target.id }).from(target).where(eq(target.id, id)).limit(1);
      return rows.length > 0;
    },
  };
}

export type DisciplineRepository = ReturnType<typeof createDisciplineRepository>;
