import { randomUUID } from 'node:crypto';
import type { SurveyQuestionKind } from '@okuu/contracts/questionnaire/manage';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Changes, transactionOf } from '../../lib/changes.ts';

export interface QuestionnaireRecord {
  id: number;
  title: string;
  description: string;
  target: 'teachers' | 'all' | 'faculty' | 'course';
  academicYearId: number | null;
  halfYearKind: number | null;
  audienceId: number | null;
  opensAt: Date;
  closesAt: Date;
  minAnswers: number;
  freeTextReleased: boolean;
  answers: number;
}

export interface SurveyQuestionRecord {
  id: number;
  questionnaireId: number;
  kind: SurveyQuestionKind;
  text: string;
  options: string[];
}

export interface QuestionnaireWrite {
  title: string;
  description: string;
  target: QuestionnaireRecord['target'];
  academicYearId: number | null;
  halfYearKind: number | null;
  audienceId: number | null;
  opensAt: Date;
  closesAt: Date;
  minAnswers: number;
  freeTextReleased: boolean;
}

/** A target's answer sheets, with the teacher's department and faculty (0 for an audience questionnaire). */
export interface SheetRecord {
  teacherId: number;
  disciplineId: number;
  departmentId: number | null;
  facultyId: number | null;
  answers: Record<string, unknown>;
}

const iso = (d: Date) => d.toISOString();
const columns = sql`q.id, q.title, q.description, q.target, q.academic_year_id as "academicYearId",
  q.half_year_kind as "halfYearKind", q.audience_id as "audienceId", q.opens_at as "opensAt",
  q.closes_at as "closesAt", q.min_answers as "minAnswers", q.free_text_released as "freeTextReleased",
  (select count(*)::int from questionnaire_answers a where a.questionnaire_id = q.id) as answers`;
const asRecord = (r: QuestionnaireRecord): QuestionnaireRecord => ({
  ...r,
  opensAt: new Date(r.opensAt),
  closesAt: new Date(r.closesAt),
});

function queries(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const one = async <T>(query: SQL): Promise<T | null> => (await rows<T>(query))[0] ?? null;

  return {
    list: async () =>
      (
        await rows<QuestionnaireRecord>(
          sql`select ${columns} from questionnaires q order by q.opens_at desc, q.id desc`,
        )
      ).map(asRecord),
    get: async (id: number) => {
      const row = await one<QuestionnaireRecord>(sql`select ${columns} from questionnaires q where q.id = ${id}`);
      return row && asRecord(row);
    },
    questions: (ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([] as SurveyQuestionRecord[])
        : rows<SurveyQuestionRecord>(sql`select id, questionnaire_id as "questionnaireId", kind, text, options
          from questionnaire_questions where questionnaire_id = any(${`{${ids.join(',')}}`}::int[])
          order by questionnaire_id, position`),
    async insert(w: QuestionnaireWrite, by: number) {
      const row = await one<{ id: number }>(sql`insert into questionnaires (title, description, target,
          academic_year_id, half_year_kind, audience_id, opens_at, closes_at, min_answers, free_text_released, created_by)
        values (${w.title}, ${w.description}, ${w.target}, ${w.academicYearId}, ${w.halfYearKind}, ${w.audienceId},
          ${iso(w.opensAt)}, ${iso(w.closesAt)}, ${w.minAnswers}, ${w.freeTextReleased}, ${by}) returning id`);
      return (row as { id: number }).id;
    },
    async update(id: number, w: QuestionnaireWrite) {
      await db.execute(sql`update questionnaires set title = ${w.title}, description = ${w.description},
        target = ${w.target}, academic_year_id = ${w.academicYearId}, half_year_kind = ${w.halfYearKind},
        audience_id = ${w.audienceId}, opens_at = ${iso(w.opensAt)}, closes_at = ${iso(w.closesAt)},
        min_answers = ${w.minAnswers}, free_text_released = ${w.freeTextReleased} where id = ${id}`);
    },
    async replaceQuestions(id: number, list: { kind: SurveyQuestionKind; text: string; options: string[] }[]) {
      await db.execute(sql`delete from questionnaire_questions where questionnaire_id = ${id}`);
      for (const [i, q] of list.entries())
        await db.execute(sql`insert into questionnaire_questions (questionnaire_id, position, kind, text, options)
          values (${id}, ${i}, ${q.kind}, ${q.text}, ${JSON.stringify(q.options)}::jsonb)`);
    },
    async remove(id: number) {
      return (
        (
          await rows(sql`delete from questionnaires q where q.id = ${id}
          and not exists (select 1 from questionnaire_answers a where a.questionnaire_id = q.id) returning id`)
        ).length > 0
      );
    },

    /** Questionnaires whose window holds `now`. */
    openNow: async (now: Date) =>
      (
        await rows<QuestionnaireRecord>(sql`select ${columns} from questionnaires q
          where q.opens_at <= ${iso(now)} and q.closes_at > ${iso(now)} order by q.closes_at, q.id`)
      ).map(asRecord),

    /** The student's group: its faculty and course (year of study in `year`). */
    studentPlace: (student: number, year: number) =>
      one<{ facultyId: number; course: number }>(sql`select d.faculty_id as "facultyId",
          (${year} - g.admission_year + 1)::int as course
        from student_profiles sp join groups g on g.id = sp.group_id join specialities s on s.id = g.speciality_id
        join departments d on d.id = s.department_id where sp.user_id = ${student}`),

    /** The teacher × discipline pairs the student studied in a half-year (their registrations). */
    studentTargets: (student: number, year: number, kind: number) =>
      rows<{
        teacherId: number;
        teacher: string;
        disciplineId: number;
        name: string;
        nameKg: string;
        nameEn: string;
      }>(sql`
        select distinct r.teacher_id as "teacherId", concat_ws(' ', u.last_name, u.first_name, u.patronymic) as teacher,
          r.discipline_id as "disciplineId", d.name, d.name_kg as "nameKg", d.name_en as "nameEn"
        from registrations r join users u on u.id = r.teacher_id join disciplines d on d.id = r.discipline_id
        where r.student_id = ${student} and r.academic_year_id = ${year} and r.half_year_kind = ${kind}
          and r.teacher_id is not null order by 2, 4`),

    answeredBy: (student: number, questionnaire: number) =>
      rows<{ teacherId: number; disciplineId: number }>(sql`select teacher_id as "teacherId",
        discipline_id as "disciplineId" from questionnaire_respondents
        where questionnaire_id = ${questionnaire} and student_id = ${student}`),

    /**
     * Records that the student has answered (refused, false, when they already have) and stores the answers apart,
     * with a random id and the day only.
     */
    async answer(a: {
      questionnaire: number;
      teacher: number;
      discipline: number;
      student: number;
      day: string;
      answers: Record<string, unknown>;
    }) {
      const marked = await rows(sql`insert into questionnaire_respondents
          (questionnaire_id, teacher_id, discipline_id, student_id)
        values (${a.questionnaire}, ${a.teacher}, ${a.discipline}, ${a.student}) on conflict do nothing returning 1`);
      if (marked.length === 0) return false;
      await db.execute(sql`insert into questionnaire_answers (id, questionnaire_id, teacher_id, discipline_id,
          answered_on, answers)
        values (${randomUUID()}, ${a.questionnaire}, ${a.teacher}, ${a.discipline}, ${a.day},
          ${JSON.stringify(a.answers)}::jsonb)`);
      return true;
    },

    /**
     * Mixes a questionnaire's answer sheets not mixed yet, when at least `atLeast` wait: moves them to new rows (new
     * ids) in random order, in this transaction. They then share its id (xmin) and no place of arrival, and nothing
     * joins one of them to the respondent written with it. `all`: every sheet of the questionnaire is moved (once it
     * has closed, so that the last few are mixed among all, not just among themselves). Answers how many it moved.
     */
    async mix(questionnaire: number, atLeast: number, all = false): Promise<number> {
      const [waiting] = await rows<{ n: number }>(sql`select count(*)::int as n from questionnaire_answers
        where questionnaire_id = ${questionnaire} and not mixed`);
      if (!waiting || waiting.n === 0 || waiting.n < atLeast) return 0;
      const moved = await rows(sql`with taken as (delete from questionnaire_answers
          where questionnaire_id = ${questionnaire} ${all ? sql`` : sql`and not mixed`}
          returning questionnaire_id, teacher_id, discipline_id, answered_on, answers)
        insert into questionnaire_answers (id, questionnaire_id, teacher_id, discipline_id, answered_on, answers, mixed)
        select gen_random_uuid(), questionnaire_id, teacher_id, discipline_id, answered_on, answers, true
          from taken order by random() returning 1`);
      return moved.length;
    },

    /** Every answer sheet of a questionnaire, with its teacher's department and faculty. */
    sheets: (questionnaire: number) =>
      rows<SheetRecord>(sql`select a.teacher_id as "teacherId", a.discipline_id as "disciplineId",
          tp.department_id as "departmentId", dep.faculty_id as "facultyId", a.answers
        from questionnaire_answers a left join teacher_profiles tp on tp.user_id = a.teacher_id
          left join departments dep on dep.id = tp.department_id
        where a.questionnaire_id = ${questionnaire}`),

    names: (teachers: readonly number[], disciplines: readonly number[]) =>
      Promise.all([
        teachers.length
          ? rows<{ id: number; name: string }>(sql`select id, concat_ws(' ', last_name, first_name, patronymic) as name
              from users where id = any(${`{${teachers.join(',')}}`}::int[])`)
          : [],
        disciplines.length
          ? rows<{ id: number; name: string; nameKg: string; nameEn: string }>(sql`select id, name,
              name_kg as "nameKg", name_en as "nameEn" from disciplines
              where id = any(${`{${disciplines.join(',')}}`}::int[])`)
          : [],
      ]),

    /** The closed `teachers` questionnaires some answer of which is about the teacher. */
    closedAbout: async (teacher: number, now: Date) =>
      (
        await rows<QuestionnaireRecord>(sql`select ${columns} from questionnaires q where q.closes_at <= ${iso(now)}
          and exists (select 1 from questionnaire_answers a where a.questionnaire_id = q.id and a.teacher_id = ${teacher})
          order by q.closes_at desc`)
      ).map(asRecord),
  };
}

export function createQuestionnaireRepository(db: Db, changes: Changes) {
  return { ...queries(db), transaction: transactionOf(changes, queries) };
}

export type QuestionnaireRepository = ReturnType<typeof createQuestionnaireRepository>;
