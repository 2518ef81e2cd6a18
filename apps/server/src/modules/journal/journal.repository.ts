import type { GroupType } from '@okuu/contracts/journal/common';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Change, type Changes, transactionOf } from '../../lib/changes.ts';

interface Named {
  name: string;
  nameKg: string;
  nameEn: string;
}

/** A journal as the repository reads it: half-year, discipline, lesson kind, audience. */
export interface JournalRef {
  year: number;
  ws: number;
  disciplineId: number;
  kindId: number;
  groupType: GroupType;
  audienceId: number;
}

export interface LessonRef extends JournalRef {
  visitDate: string;
  timeSlotId: number;
  timesCount: number;
}

export interface AssessmentRow {
  id: number;
  code: string;
  points: number | null;
  isAbsence: boolean;
}

export interface LessonRow {
  id: number;
  visitDate: string;
  timeSlotId: number;
  number: number;
  start: string;
  end: string;
  timesCount: number;
  topicId: number | null;
  topic: string;
}

export interface StudentRow {
  id: number;
  name: string;
}

export interface MarkRow {
  id: number;
  lessonId: number;
  studentId: number;
  assessmentId: number;
}

export interface AssignmentRow {
  disciplineId: number;
  kindId: number;
  groupId: number | null;
  streamId: number | null;
  subgroupId: number | null;
}

/** The lessons one teacher recorded in one journal of a half-year. */
export interface RecordedCountRow {
  teacherId: number;
  discipline: Named & { id: number; code: string };
  lessonKind: Named & { id: number };
  groupType: GroupType;
  audienceId: number;
  audienceName: string;
  lessons: number;
}

export interface TopicRow {
  id: number;
  module: number;
  name: string;
  hours: number;
}

const fio = (alias: string) => sql.raw(`concat_ws(' ', ${alias}.last_name, ${alias}.first_name, ${alias}.patronymic)`);

/** The audience columns of a journal: exactly one of group_id, subgroup_id, stream_id. */
function audienceColumns(ref: JournalRef) {
  return {
    groupId: ref.groupType === 'group' ? ref.audienceId : null,
    subgroupId: ref.groupType === 'subgroup' ? ref.audienceId : null,
    streamId: ref.groupType === 'stream' ? ref.audienceId : null,
  };
}

/** `where` of the lessons of a journal, over `journal_lessons l`. */
function journalWhere(ref: JournalRef): SQL {
  const a = audienceColumns(ref);
  return sql`l.academic_year_id = ${ref.year} and l.half_year_kind = ${ref.ws} and l.discipline_id = ${ref.disciplineId}
    and l.lesson_kind_id = ${ref.kindId}
    and l.group_id is not distinct from ${a.groupId}::integer
    and l.subgroup_id is not distinct from ${a.subgroupId}::integer
    and l.stream_id is not distinct from ${a.streamId}::integer`;
}

function lessonWhere(ref: LessonRef): SQL {
  return sql`${journalWhere(ref)} and l.visit_date = ${ref.visitDate}::date and l.time_slot_id = ${ref.timeSlotId}
    and l.times_count = ${ref.timesCount}`;
}

/** The students of an audience (a union over the three kinds; only the one that matches gives rows). */
function audienceStudents(groupType: GroupType, audienceId: number): SQL {
  switch (groupType) {
    case 'group':
      return sql`select sp.user_id as id from student_profiles sp where sp.group_id = ${audienceId}`;
    case 'subgroup':
      return sql`select m.student_id as id from subgroup_members m where m.subgroup_id = ${audienceId}`;
    case 'stream':
      return sql`select sp.user_id as id from stream_groups sg join student_profiles sp on sp.group_id = sg.group_id
                  where sg.stream_id = ${audienceId}`;
  }
}

const lessonColumns = sql`l.id, to_char(l.visit_date, 'YYYY-MM-DD') as "visitDate", l.time_slot_id as "timeSlotId",
  ts.number, to_char(ts.starts_at, 'HH24:MI') as start, to_char(ts.ends_at, 'HH24:MI') as "end",
  l.times_count as "timesCount", l.topic_id as "topicId",
  coalesce(nullif(l.topic_text, ''), t.name, '') as topic`;

const lessonOrder = sql`order by l.visit_date, ts.number, l.times_count, l.id`;

/** The journal's reads and writes on `db` (a transaction's, for a change). */
function queries(db: Db) {
  const rows = async <T>(query: SQL, on: Db = db): Promise<T[]> =>
    ((await on.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    async assessments(): Promise<AssessmentRow[]> {
      return rows(
        sql`select id, code, points, is_absence as "isAbsence" from journal_assessments order by sort_order, id`,
      );
    },

    /** A teacher's teaching assignments of a half-year. */
    async assignments(teacherId: number, year: number, ws: number): Promise<AssignmentRow[]> {
      return rows(sql`
        select discipline_id as "disciplineId", lesson_kind_id as "kindId", group_id as "groupId",
               stream_id as "streamId", subgroup_id as "subgroupId"
          from teaching_assignments
         where teacher_id = ${teacherId} and academic_year_id = ${year} and half_year_kind = ${ws}`);
    },

    /**
     * Whether a teacher keeps a journal: an assignment of the discipline and kind whose audience covers it. A group is
     * covered by an assignment to it or to a stream it is in; a subgroup by those of its group, or one to it; a stream
     * by one to it.
     */
    async teaches(teacherId: number, ref: JournalRef): Promise<boolean> {
      const coverage =
        ref.groupType === 'group'
          ? sql`a.group_id = ${ref.audienceId}
                or a.stream_id in (select stream_id from stream_groups where group_id = ${ref.audienceId})`
          : ref.groupType === 'subgroup'
            ? sql`a.subgroup_id = ${ref.audienceId}
                  or a.group_id = (select group_id from subgroups where id = ${ref.audienceId})
                  or a.stream_id in (select sg.stream_id from stream_groups sg join subgroups s on s.group_id = sg.group_id
                                      where s.id = ${ref.audienceId})`
            : sql`a.stream_id = ${ref.audienceId}`;
      const found = await rows(sql`
        select 1 from teaching_assignments a
         where a.teacher_id = ${teacherId} and a.academic_year_id = ${ref.year} and a.half_year_kind = ${ref.ws}
           and a.discipline_id = ${ref.disciplineId} and a.lesson_kind_id = ${ref.kindId} and (${coverage})
         limit 1`);
      return found.length > 0;
    },

    /** Whether a teacher teaches a group (anything, to it, its stream or a subgroup of it) in a half-year. */
    async teachesGroup(teacherId: number, groupId: number, year: number, ws: number): Promise<boolean> {
      const found = await rows(sql`
        select 1 from teaching_assignments a
         where a.teacher_id = ${teacherId} and a.academic_year_id = ${year} and a.half_year_kind = ${ws}
           and (a.group_id = ${groupId}
                or a.stream_id in (select stream_id from stream_groups where group_id = ${groupId})
                or a.subgroup_id in (select id from subgroups where group_id = ${groupId}))
         limit 1`);
      return found.length > 0;
    },

    /** The audiences a teacher's assignments reach (groups, their subgroups, streams), with the lesson kinds. */
    async audiences(
      teacherId: number,
      year: number,
      ws: number,
      disciplineId: number,
    ): Promise<{ groupType: GroupType; id: number; name: string; kindId: number; students: number }[]> {
      return rows(sql`
        with a as (
          select * from teaching_assignments
           where teacher_id = ${teacherId} and academic_year_id = ${year} and half_year_kind = ${ws}
             and discipline_id = ${disciplineId}
        ), reached_groups as (
          select a.lesson_kind_id, a.group_id from a where a.group_id is not null
          union select a.lesson_kind_id, sg.group_id from a join stream_groups sg on sg.stream_id = a.stream_id
        )
        select 'group' as "groupType", g.id, g.name, r.lesson_kind_id as "kindId",
               (select count(*)::int from student_profiles sp where sp.group_id = g.id) as students
          from reached_groups r join groups g on g.id = r.group_id
        union
        select 'subgroup', s.id, s.name, r.lesson_kind_id,
               (select count(*)::int from subgroup_members m where m.subgroup_id = s.id)
          from reached_groups r join subgroups s on s.group_id = r.group_id
        union
        select 'subgroup', s.id, s.name, a.lesson_kind_id,
               (select count(*)::int from subgroup_members m where m.subgroup_id = s.id)
          from a join subgroups s on s.id = a.subgroup_id
        union
        select 'stream', st.id, st.name, a.lesson_kind_id,
               (select count(*)::int from stream_groups sg join student_profiles sp on sp.group_id = sg.group_id
                 where sg.stream_id = st.id)
          from a join streams st on st.id = a.stream_id
        order by 1, 3, 4`);
    },

    /** The audience's name and the names of the groups it reaches; null when there is no such audience. */
    async audience(groupType: GroupType, id: number): Promise<{ name: string; groups: string[] } | null> {
      const query =
        groupType === 'group'
          ? sql`select name, array[name] as groups from groups where id = ${id}`
          : groupType === 'subgroup'
            ? sql`select s.name, array[g.name] as groups from subgroups s join groups g on g.id = s.group_id where s.id = ${id}`
            : sql`select st.name, coalesce((select array_agg(g.name order by g.name) from stream_groups sg
                    join groups g on g.id = sg.group_id where sg.stream_id = st.id), '{}') as groups
                  from streams st where st.id = ${id}`;
      const [found] = await rows<{ name: string; groups: string[] }>(query);
      return found ?? null;
    },

    /** Whether the student belongs to the audience (one row looked up, not the whole list). */
    async inAudience(groupType: GroupType, audienceId: number, studentId: number): Promise<boolean> {
      const found = await rows(
        sql`select 1 from (${audienceStudents(groupType, audienceId)}) s where s.id = ${studentId} limit 1`,
      );
      return found.length > 0;
    },

    async students(groupType: GroupType, audienceId: number, on: Db = db): Promise<StudentRow[]> {
      return rows(
        sql`select u.id, ${fio('u')} as name from (${audienceStudents(groupType, audienceId)}) s
              join users u on u.id = s.id order by 2, u.id`,
        on,
      );
    },

    /** Attendance in the journals of a discipline in a half-year: absences and points per student. */
    async attendance(
      year: number,
      ws: number,
      disciplineId: number,
      studentIds: number[],
    ): Promise<{ studentId: number; absences: number; points: number }[]> {
      if (!studentIds.length) return [];
      return rows(sql`
        select m.student_id as "studentId", count(*) filter (where a.is_absence)::int as absences,
               coalesce(sum(a.points), 0)::int as points
          from journal_lessons l join journal_marks m on m.lesson_id = l.id
          join journal_assessments a on a.id = m.assessment_id
         where l.academic_year_id = ${year} and l.half_year_kind = ${ws} and l.discipline_id = ${disciplineId}
           and m.student_id = any(${`{${studentIds.join(',')}}`}::int[])
         group by m.student_id`);
    },

    async named(table: 'disciplines' | 'lesson_kinds', id: number): Promise<Named | null> {
      const [found] = await rows<Named>(
        sql`select name, name_kg as "nameKg", name_en as "nameEn" from ${sql.identifier(table)} where id = ${id}`,
      );
      return found ?? null;
    },

    async lessons(ref: JournalRef): Promise<LessonRow[]> {
      return rows(sql`
        select ${lessonColumns} from journal_lessons l
          join time_slots ts on ts.id = l.time_slot_id
          left join journal_topics t on t.id = l.topic_id
         where ${journalWhere(ref)} ${lessonOrder}`);
    },

    async marks(ref: JournalRef): Promise<MarkRow[]> {
      return rows(sql`
        select m.id, m.lesson_id as "lessonId", m.student_id as "studentId", m.assessment_id as "assessmentId"
          from journal_lessons l join journal_marks m on m.lesson_id = l.id
         where ${journalWhere(ref)}`);
    },

    /** One student's marks in a journal (for the totals after a save). */
    async studentMarks(lessonId: number, studentId: number, on: Db = db): Promise<number[]> {
      const found = await rows<{ assessmentId: number }>(
        sql`select m.assessment_id as "assessmentId" from journal_lessons k
              join journal_lessons l on l.academic_year_id = k.academic_year_id and l.half_year_kind = k.half_year_kind
               and l.discipline_id = k.discipline_id and l.lesson_kind_id = k.lesson_kind_id
               and l.group_id is not distinct from k.group_id and l.subgroup_id is not distinct from k.subgroup_id
               and l.stream_id is not distinct from k.stream_id
              join journal_marks m on m.lesson_id = l.id and m.student_id = ${studentId}
             where k.id = ${lessonId}`,
        on,
      );
      return found.map((r) => r.assessmentId);
    },

    async lessonId(ref: LessonRef): Promise<number | null> {
      const [found] = await rows<{ id: number }>(sql`select l.id from journal_lessons l where ${lessonWhere(ref)}`);
      return found?.id ?? null;
    },

    async lessonTopic(ref: LessonRef): Promise<{ id: number; topicId: number | null; text: string } | null> {
      const [found] = await rows<{ id: number; topicId: number | null; text: string }>(
        sql`select l.id, l.topic_id as "topicId", l.topic_text as text from journal_lessons l where ${lessonWhere(ref)}`,
      );
      return found ?? null;
    },

    /**
     * The lesson's id, made if new. Two saves of the same new lesson meet on the unique key: both get the one row (the
     * no-op update makes RETURNING give the existing row's id).
     */
    async ensureLesson(ref: LessonRef, teacherId: number, on: Db = db): Promise<number> {
      const a = audienceColumns(ref);
      // The lesson is looked up first: the upsert's row lock, held to the end of the transaction, would queue every
      // save of one lesson (a QR check-in of a whole stream) behind each other; only a missing lesson is inserted.
      const [row] = await rows<{ id: number }>(
        sql`with found as (
              select id from journal_lessons
              where academic_year_id = ${ref.year} and half_year_kind = ${ref.ws} and discipline_id = ${ref.disciplineId}
                and lesson_kind_id = ${ref.kindId} and group_id is not distinct from ${a.groupId}::int
                and subgroup_id is not distinct from ${a.subgroupId}::int
                and stream_id is not distinct from ${a.streamId}::int and visit_date = ${ref.visitDate}::date
                and time_slot_id = ${ref.timeSlotId} and times_count = ${ref.timesCount}
            ), made as (
              insert into journal_lessons (academic_year_id, half_year_kind, discipline_id, lesson_kind_id, group_id,
                subgroup_id, stream_id, visit_date, time_slot_id, times_count, teacher_id)
              select ${ref.year}, ${ref.ws}, ${ref.disciplineId}, ${ref.kindId}, ${a.groupId}::int, ${a.subgroupId}::int,
                ${a.streamId}::int, ${ref.visitDate}::date, ${ref.timeSlotId}, ${ref.timesCount}, ${teacherId}
              where not exists (select 1 from found)
              on conflict on constraint journal_lessons_key do update set teacher_id = journal_lessons.teacher_id
              returning id
            )
            select id from found union all select id from made`,
        on,
      );
      return (row as { id: number }).id;
    },

    async setLessonTopic(lessonId: number, topicId: number | null, text: string, on: Db = db): Promise<void> {
      await on.execute(
        sql`update journal_lessons set topic_id = ${topicId}, topic_text = ${text} where id = ${lessonId}`,
      );
    },

    /** Sets a mark (one row per lesson and student: a second save of the cell updates it). */
    async putMark(lessonId: number, studentId: number, assessmentId: number, by: number, on: Db = db): Promise<number> {
      const [row] = await rows<{ id: number }>(
        sql`insert into journal_marks (lesson_id, student_id, assessment_id, updated_by)
            values (${lessonId}, ${studentId}, ${assessmentId}, ${by})
            on conflict on constraint journal_marks_key
            do update set assessment_id = excluded.assessment_id, updated_by = excluded.updated_by, updated_at = now()
            returning id`,
        on,
      );
      return (row as { id: number }).id;
    },

    async clearMark(lessonId: number, studentId: number, on: Db = db): Promise<void> {
      await on.execute(sql`delete from journal_marks where lesson_id = ${lessonId} and student_id = ${studentId}`);
    },

    /** A mark and the journal and lesson it belongs to. */
    async markById(id: number): Promise<(LessonRef & { lessonId: number; studentId: number }) | null> {
      const [found] = await rows<LessonRef & { lessonId: number; studentId: number; g: number; s: number; st: number }>(
        sql`select m.lesson_id as "lessonId", m.student_id as "studentId", l.academic_year_id as year,
                   l.half_year_kind as ws, l.discipline_id as "disciplineId", l.lesson_kind_id as "kindId",
                   l.group_id as g, l.subgroup_id as s, l.stream_id as st,
                   to_char(l.visit_date, 'YYYY-MM-DD') as "visitDate", l.time_slot_id as "timeSlotId",
                   l.times_count as "timesCount"
              from journal_marks m join journal_lessons l on l.id = m.lesson_id where m.id = ${id}`,
      );
      if (!found) return null;
      const { g, s, st, ...rest } = found;
      return {
        ...rest,
        groupType: g !== null ? 'group' : s !== null ? 'subgroup' : 'stream',
        audienceId: g ?? s ?? st,
      };
    },

    /** Gives `assessmentId` to each student of the audience who has no mark of the lesson; returns how many. */
    async markAll(lessonId: number, ref: JournalRef, assessmentId: number, by: number, on: Db = db): Promise<number> {
      const inserted = await rows<{ id: number }>(
        sql`insert into journal_marks (lesson_id, student_id, assessment_id, updated_by)
            select ${lessonId}, s.id, ${assessmentId}, ${by} from (${audienceStudents(ref.groupType, ref.audienceId)}) s
            on conflict on constraint journal_marks_key do nothing
            returning id`,
        on,
      );
      return inserted.length;
    },

    async deleteLesson(ref: LessonRef): Promise<number> {
      return (await rows(sql`delete from journal_lessons l where ${lessonWhere(ref)} returning l.id`)).length;
    },

    async deleteJournal(ref: JournalRef): Promise<number> {
      return (await rows(sql`delete from journal_lessons l where ${journalWhere(ref)} returning l.id`)).length;
    },

    /** The students accepted by QR check-in for a lesson (check-ins mark the lesson's first time), first first. */
    async qrCheckins(ref: LessonRef): Promise<(StudentRow & { checkedAt: string })[]> {
      if (ref.timesCount !== 1) return [];
      const a = audienceColumns(ref);
      return rows(
        sql`select u.id, ${fio('u')} as name, min(q.at)::text as "checkedAt"
            from qr_attempts q join qr_sessions s on s.id = q.session_id
              join schedule_entries e on e.id = s.schedule_entry_id join users u on u.id = q.student_id
            where q.result = 'accepted' and s.lesson_date = ${ref.visitDate}::date and e.time_slot_id = ${ref.timeSlotId}
              and e.academic_year_id = ${ref.year} and e.half_year_kind = ${ref.ws}
              and e.discipline_id = ${ref.disciplineId} and e.lesson_kind_id = ${ref.kindId}
              and e.group_id is not distinct from ${a.groupId} and e.subgroup_id is not distinct from ${a.subgroupId}
              and e.stream_id is not distinct from ${a.streamId}
            group by u.id order by min(q.at), u.id`,
      );
    },

    async timeSlots(): Promise<{ id: number; number: number; start: string; end: string }[]> {
      return rows(sql`select id, number, to_char(starts_at, 'HH24:MI') as start, to_char(ends_at, 'HH24:MI') as "end"
                        from time_slots order by number`);
    },

    async timeSlotExists(id: number): Promise<boolean> {
      return (await rows(sql`select 1 from time_slots where id = ${id}`)).length > 0;
    },

    /** The timetable's lessons of a journal (its discipline, kind and audience) on a weekday in weeks of a parity. */
    async entriesOn(
      ref: JournalRef,
      weekday: number,
      parity: 'odd' | 'even',
    ): Promise<{ id: number; timeSlotId: number }[]> {
      const a = audienceColumns(ref);
      return rows(sql`
        select e.id, e.time_slot_id as "timeSlotId" from schedule_entries e
         where e.academic_year_id = ${ref.year} and e.half_year_kind = ${ref.ws}
           and e.discipline_id = ${ref.disciplineId} and e.lesson_kind_id = ${ref.kindId}
           and e.group_id is not distinct from ${a.groupId}::integer
           and e.subgroup_id is not distinct from ${a.subgroupId}::integer
           and e.stream_id is not distinct from ${a.streamId}::integer
           and e.day_number = ${weekday} and e.week_parity in ('every', ${parity})
         order by e.id`);
    },

    /** The slots of a teacher's timetable on a weekday in weeks of a parity. */
    async scheduledSlots(
      teacherId: number,
      year: number,
      ws: number,
      weekday: number,
      parity: 'odd' | 'even',
      disciplineId: number | null,
    ): Promise<number[]> {
      const found = await rows<{ id: number }>(sql`
        select distinct e.time_slot_id as id from schedule_entries e
         where e.teacher_id = ${teacherId} and e.academic_year_id = ${year} and e.half_year_kind = ${ws}
           and e.day_number = ${weekday} and e.week_parity in ('every', ${parity})
           ${disciplineId === null ? sql`` : sql`and e.discipline_id = ${disciplineId}`}
         order by 1`);
      return found.map((r) => r.id);
    },

    async lessonKinds(ids: number[]): Promise<(Named & { id: number })[]> {
      if (!ids.length) return [];
      return rows(sql`select id, name, name_kg as "nameKg", name_en as "nameEn" from lesson_kinds
                       where id in (${sql.join(ids, sql`, `)}) order by id`);
    },

    async disciplines(
      teacherId: number,
      year: number,
      ws: number,
      studyForm: string | null,
    ): Promise<(Named & { id: number; code: string; credits: number; semesterId: number })[]> {
      return rows(sql`
        select d.id, d.code, d.name, d.name_kg as "nameKg", d.name_en as "nameEn", max(a.credits)::int as credits,
               min(a.semester_id)::int as "semesterId"
          from teaching_assignments a join disciplines d on d.id = a.discipline_id
         where a.teacher_id = ${teacherId} and a.academic_year_id = ${year} and a.half_year_kind = ${ws}
           ${
             studyForm === null
               ? sql``
               : sql`and exists (select 1 from groups g where g.study_form = ${studyForm} and (g.id = a.group_id
                       or g.id in (select group_id from stream_groups where stream_id = a.stream_id)
                       or g.id in (select group_id from subgroups where id = a.subgroup_id)))`
           }
         group by d.id order by d.name`);
    },

    async studyForms(teacherId: number, year: number, ws: number): Promise<string[]> {
      const found = await rows<{ form: string }>(sql`
        select distinct g.study_form as form from teaching_assignments a
          join groups g on g.id = a.group_id
                        or g.id in (select group_id from stream_groups where stream_id = a.stream_id)
                        or g.id in (select group_id from subgroups where id = a.subgroup_id)
         where a.teacher_id = ${teacherId} and a.academic_year_id = ${year} and a.half_year_kind = ${ws}
         order by 1`);
      return found.map((r) => r.form);
    },

    // Topics

    async topics(year: number, ws: number, disciplineId: number, kindId: number): Promise<TopicRow[]> {
      return rows(sql`
        select id, module_number as module, name, hours from journal_topics
         where academic_year_id = ${year} and half_year_kind = ${ws} and discipline_id = ${disciplineId}
           and lesson_kind_id = ${kindId}
         order by module_number, id`);
    },

    async topicKey(id: number): Promise<{ year: number; ws: number; disciplineId: number; kindId: number } | null> {
      const [found] = await rows<{ year: number; ws: number; disciplineId: number; kindId: number }>(
        sql`select academic_year_id as year, half_year_kind as ws, discipline_id as "disciplineId",
                   lesson_kind_id as "kindId" from journal_topics where id = ${id}`,
      );
      return found ?? null;
    },

    async insertTopic(
      key: { year: number; ws: number; disciplineId: number; kindId: number },
      topic: Omit<TopicRow, 'id'>,
      by: number,
    ): Promise<TopicRow> {
      const [row] = await rows<TopicRow>(sql`
        insert into journal_topics (academic_year_id, half_year_kind, discipline_id, lesson_kind_id, module_number, name,
                                    hours, created_by)
        values (${key.year}, ${key.ws}, ${key.disciplineId}, ${key.kindId}, ${topic.module}, ${topic.name},
                ${topic.hours}, ${by})
        returning id, module_number as module, name, hours`);
      return row as TopicRow;
    },

    async updateTopic(id: number, topic: Omit<TopicRow, 'id'>): Promise<TopicRow> {
      const [row] = await rows<TopicRow>(sql`
        update journal_topics set module_number = ${topic.module}, name = ${topic.name}, hours = ${topic.hours}
         where id = ${id} returning id, module_number as module, name, hours`);
      return row as TopicRow;
    },

    /** The lessons of a journal with their topics, for the topics report. */
    async topicLessons(
      ref: JournalRef,
    ): Promise<
      { topicId: number | null; module: number | null; name: string; hours: number | null; visitDate: string }[]
    > {
      return rows(sql`
        select l.topic_id as "topicId", t.module_number as module, coalesce(nullif(l.topic_text, ''), t.name, '') as name,
               t.hours, to_char(l.visit_date, 'YYYY-MM-DD') as "visitDate"
          from journal_lessons l join time_slots ts on ts.id = l.time_slot_id
          left join journal_topics t on t.id = l.topic_id
         where ${journalWhere(ref)} ${lessonOrder}`);
    },

    // Subgroups

    async subgroup(id: number): Promise<{ id: number; groupId: number; name: string } | null> {
      const [found] = await rows<{ id: number; groupId: number; name: string }>(
        sql`select id, group_id as "groupId", name from subgroups where id = ${id}`,
      );
      return found ?? null;
    },

    async groupExists(id: number): Promise<boolean> {
      return (await rows(sql`select 1 from groups where id = ${id}`)).length > 0;
    },

    async groupSubgroups(groupId: number): Promise<{ id: number; name: string; students: number }[]> {
      return rows(sql`select s.id, s.name, (select count(*)::int from subgroup_members m where m.subgroup_id = s.id) as students
                        from subgroups s where s.group_id = ${groupId} order by s.name, s.id`);
    },

    async subgroupMembers(subgroupId: number): Promise<number[]> {
      const found = await rows<{ id: number }>(
        sql`select student_id as id from subgroup_members where subgroup_id = ${subgroupId}`,
      );
      return found.map((r) => r.id);
    },

    /** Creates or renames a subgroup and replaces its members, in one transaction. */
    async saveSubgroup(groupId: number, id: number | null, name: string, students: number[]): Promise<number> {
      return db.transaction(async (tx) => {
        let subgroupId = id;
        if (subgroupId === null) {
          const [row] = await rows<{ id: number }>(
            sql`insert into subgroups (group_id, name) values (${groupId}, ${name}) returning id`,
            tx as unknown as Db,
          );
          subgroupId = (row as { id: number }).id;
        } else {
          await tx.execute(sql`update subgroups set name = ${name} where id = ${subgroupId}`);
          await tx.execute(sql`delete from subgroup_members where subgroup_id = ${subgroupId}`);
        }
        await tx.execute(sql`insert into subgroup_members (subgroup_id, student_id)
          select ${subgroupId}, unnest(${sql.raw(`array[${students.map(Number).join(',')}]`)}::int[])`);
        return subgroupId;
      });
    },

    async removeMember(subgroupId: number, studentId: number): Promise<boolean> {
      return (
        (
          await rows(
            sql`delete from subgroup_members where subgroup_id = ${subgroupId} and student_id = ${studentId} returning 1`,
          )
        ).length > 0
      );
    },

    /**
     * How many lessons each teacher recorded in each journal of a half-year (one teacher's, or everyone's), with the
     * journal's discipline, lesson kind and audience named: the hours given, for the teacher workload.
     */
    async lessonCounts(year: number, ws: number, teacherId: number | null): Promise<RecordedCountRow[]> {
      return rows(sql`
        select l.teacher_id as "teacherId",
               json_build_object('id', d.id, 'code', d.code, 'name', d.name, 'nameKg', d.name_kg, 'nameEn', d.name_en)
                 as discipline,
               json_build_object('id', lk.id, 'name', lk.name, 'nameKg', lk.name_kg, 'nameEn', lk.name_en) as "lessonKind",
               case when l.subgroup_id is not null then 'subgroup' when l.stream_id is not null then 'stream'
                    else 'group' end as "groupType",
               coalesce(l.group_id, l.subgroup_id, l.stream_id) as "audienceId",
               coalesce(g.name, sg.name, st.name) as "audienceName",
               count(*)::int as lessons
          from journal_lessons l
          join disciplines d on d.id = l.discipline_id
          join lesson_kinds lk on lk.id = l.lesson_kind_id
          left join groups g on g.id = l.group_id
          left join subgroups sg on sg.id = l.subgroup_id
          left join streams st on st.id = l.stream_id
         where l.academic_year_id = ${year} and l.half_year_kind = ${ws} and l.teacher_id is not null
           ${teacherId === null ? sql`` : sql`and l.teacher_id = ${teacherId}`}
         group by l.teacher_id, d.id, lk.id, l.group_id, l.subgroup_id, l.stream_id, g.name, sg.name, st.name`);
    },

    // The student's view

    /** Every lesson of the half-year whose audience includes the student, with the student's mark. */
    /** The days (YYYY-MM-DD) with a journal lesson of these disciplines, by discipline, kind and audience. */
    async recordedDays(
      disciplineIds: number[],
      from: string,
      to: string,
    ): Promise<{ disciplineId: number; kindId: number; audience: string; date: string }[]> {
      if (disciplineIds.length === 0) return [];
      return rows(sql`
        select distinct l.discipline_id as "disciplineId", l.lesson_kind_id as "kindId",
               case when l.subgroup_id is not null then 'subgroup:' || l.subgroup_id
                    when l.stream_id is not null then 'stream:' || l.stream_id
                    else 'group:' || l.group_id end as audience,
               to_char(l.visit_date, 'YYYY-MM-DD') as date
          from journal_lessons l
         where l.discipline_id = any(${`{${disciplineIds.join(',')}}`}::int[])
           and l.visit_date between ${from}::date and ${to}::date`);
    },

    async studentLessons(
      studentId: number,
      groupId: number,
      year: number,
      ws: number,
      disciplineId: number | null,
    ): Promise<
      (LessonRow & {
        disciplineId: number;
        discipline: Named;
        kindId: number;
        kind: Named;
        teacher: string | null;
        assessmentId: number | null;
      })[]
    > {
      return rows(sql`
        select ${lessonColumns}, l.discipline_id as "disciplineId",
               json_build_object('name', d.name, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
               l.lesson_kind_id as "kindId",
               json_build_object('name', lk.name, 'nameKg', lk.name_kg, 'nameEn', lk.name_en) as kind,
               ${fio('u')} as teacher, m.assessment_id as "assessmentId"
          from journal_lessons l
          join time_slots ts on ts.id = l.time_slot_id
          join disciplines d on d.id = l.discipline_id
          join lesson_kinds lk on lk.id = l.lesson_kind_id
          left join users u on u.id = l.teacher_id
          left join journal_topics t on t.id = l.topic_id
          left join journal_marks m on m.lesson_id = l.id and m.student_id = ${studentId}
         where l.academic_year_id = ${year} and l.half_year_kind = ${ws}
           ${disciplineId === null ? sql`` : sql`and l.discipline_id = ${disciplineId}`}
           and (l.group_id = ${groupId}
                or l.subgroup_id in (select subgroup_id from subgroup_members where student_id = ${studentId})
                or l.stream_id in (select stream_id from stream_groups where group_id = ${groupId}))
         order by d.name, l.lesson_kind_id, l.visit_date, ts.number, l.times_count, l.id`);
    },
  };
}

export type JournalQueries = ReturnType<typeof queries>;

export function createJournalRepository(db: Db, changes: Changes) {
  return {
    ...queries(db),
    /** Runs journal writes in one change transaction. */
    transaction: transactionOf(changes, queries),
    /** The queries within another module's change, which then tells that journals changed. */
    within(change: Change): JournalQueries {
      change.announce('journal');
      return queries(change.tx);
    },
  };
}

export type JournalRepository = ReturnType<typeof createJournalRepository>;
