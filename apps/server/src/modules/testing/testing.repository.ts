import type { QuestionKind } from '@okuu/contracts/testing/bank';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Changes, transactionOf } from '../../lib/changes.ts';
import type { QuestionBody, QuestionKey, StoredImage } from './testing.scoring.ts';

/** A list of ids as a PostgreSQL int[] parameter. */
const ints = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
/** A list of texts as a PostgreSQL text[] parameter (through JSON, so any text is safe). */
const texts = (list: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))::text[]`;

export interface QuestionRow {
  id: number;
  disciplineId: number;
  topic: string;
  kind: QuestionKind;
  text: string;
  points: number;
  body: QuestionBody;
  key: QuestionKey;
  used: number;
}

export interface TestRecord {
  id: number;
  teacherId: number;
  disciplineId: number;
  name: string;
  nameKg: string;
  nameEn: string;
  title: string;
  audienceKind: 'group' | 'subgroup' | 'stream';
  audienceId: number;
  audience: string;
  topics: string[] | null;
  questionIds: number[] | null;
  questionCount: number;
  shuffle: boolean;
  timeLimitMin: number;
  opensAt: Date;
  closesAt: Date;
  attemptsAllowed: number;
  partialCredit: boolean;
  showAnswers: boolean;
  gradingColumn: number | null;
  gradingMode: 'best' | 'last';
  attemptsMade: number;
  students: number;
}

export interface AttemptRecord {
  id: number;
  testId: number;
  studentId: number;
  number: number;
  questionIds: number[];
  seed: number;
  startedAt: Date;
  deadline: Date;
  closedAt: Date | null;
  closedBy: 'student' | 'server' | null;
  scoreX100: number | null;
  maxX100: number;
}

export interface AnswerRecord {
  attemptId: number;
  questionId: number;
  response: unknown;
  pointsX100: number | null;
  manual: boolean;
}

export interface TestWrite {
  teacherId: number;
  disciplineId: number;
  title: string;
  audienceKind: 'group' | 'subgroup' | 'stream';
  audienceId: number;
  topics: string[] | null;
  questionIds: number[] | null;
  questionCount: number;
  shuffle: boolean;
  timeLimitMin: number;
  opensAt: Date;
  closesAt: Date;
  attemptsAllowed: number;
  partialCredit: boolean;
  showAnswers: boolean;
  gradingColumn: number | null;
  gradingMode: 'best' | 'last';
}

const date = (d: Date) => d.toISOString();

/** Whether student `student` is in the audience of the test row aliased `t`. */
const inAudience = (student: number) => sql`(
  (t.audience_kind = 'group' and t.audience_id = (select group_id from student_profiles where user_id = ${student}))
  or (t.audience_kind = 'stream' and exists (select 1 from stream_groups sg join student_profiles sp
        on sp.group_id = sg.group_id where sg.stream_id = t.audience_id and sp.user_id = ${student}))
  or (t.audience_kind = 'subgroup' and exists (select 1 from subgroup_members sm
        where sm.subgroup_id = t.audience_id and sm.student_id = ${student})))`;

const attemptColumns = sql`a.id, a.test_id as "testId", a.student_id as "studentId", a.number,
  a.question_ids as "questionIds", a.seed, a.started_at as "startedAt", a.deadline, a.closed_at as "closedAt",
  a.closed_by as "closedBy", a.score_x100 as "scoreX100", a.max_x100 as "maxX100"`;

const testColumns = sql`t.id, t.teacher_id as "teacherId", t.discipline_id as "disciplineId", d.name,
  d.name_kg as "nameKg", d.name_en as "nameEn", t.title, t.audience_kind as "audienceKind",
  t.audience_id as "audienceId",
  coalesce(case t.audience_kind when 'group' then (select name from groups where id = t.audience_id)
    when 'subgroup' then (select name from subgroups where id = t.audience_id)
    else (select name from streams where id = t.audience_id) end, '') as audience,
  t.topics, t.question_ids as "questionIds", t.question_count as "questionCount", t.shuffle,
  t.time_limit_min as "timeLimitMin", t.opens_at as "opensAt", t.closes_at as "closesAt",
  t.attempts_allowed as "attemptsAllowed", t.partial_credit as "partialCredit", t.show_answers as "showAnswers",
  t.grading_column as "gradingColumn", t.grading_mode as "gradingMode",
  (select count(*)::int from test_attempts x where x.test_id = t.id) as "attemptsMade",
  (select count(distinct x.student_id)::int from test_attempts x where x.test_id = t.id) as students`;

/** Timestamps come back as Date from node-postgres and as text from some drivers: always Date here. */
function dates<T>(row: T, ...keys: (keyof T)[]): T {
  const r = row as Record<keyof T, unknown>;
  for (const k of keys) if (r[k] !== null && !(r[k] instanceof Date)) r[k] = new Date(r[k] as string);
  return row;
}
const asAttempt = <T extends AttemptRecord>(r: T): T => dates(r, 'startedAt', 'deadline', 'closedAt');
const asTest = <T extends TestRecord>(r: T): T => dates(r, 'opensAt', 'closesAt');

function queries(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const one = async <T>(query: SQL): Promise<T | null> => (await rows<T>(query))[0] ?? null;

  return {
    /** Whether the teacher teaches the discipline (in any half-year). */
    async teaches(teacher: number, discipline: number) {
      return (
        (await one(sql`select 1 from teaching_assignments where teacher_id = ${teacher}
          and discipline_id = ${discipline} limit 1`)) !== null
      );
    },

    /** The teacher's disciplines with the bank's topics and size. */
    disciplines: (teacher: number) =>
      rows<{
        id: number;
        name: string;
        nameKg: string;
        nameEn: string;
        topics: string[] | null;
        questions: number;
      }>(sql`
        select d.id, d.name, d.name_kg as "nameKg", d.name_en as "nameEn",
          (select array_agg(distinct q.topic order by q.topic) from test_questions q
            where q.discipline_id = d.id and q.deleted_at is null and q.topic <> '') as topics,
          (select count(*)::int from test_questions q where q.discipline_id = d.id and q.deleted_at is null) as questions
        from disciplines d
        where d.id in (select discipline_id from teaching_assignments where teacher_id = ${teacher})
        order by d.name`),

    /** The groups, subgroups and streams of the teacher's teaching of each discipline. */
    audiences: (teacher: number) =>
      rows<{ disciplineId: number; kind: 'group' | 'subgroup' | 'stream'; id: number; name: string }>(sql`
        with ta as (select discipline_id, group_id, stream_id, subgroup_id from teaching_assignments
          where teacher_id = ${teacher}),
        grp as (
          select ta.discipline_id, ta.group_id as id from ta where ta.group_id is not null
          union select ta.discipline_id, sg.group_id from ta join stream_groups sg on sg.stream_id = ta.stream_id)
        select distinct * from (
          select grp.discipline_id as "disciplineId", 'group' as kind, g.id, g.name
            from grp join groups g on g.id = grp.id
          union select ta.discipline_id, 'stream', s.id, s.name from ta join streams s on s.id = ta.stream_id
          union select grp.discipline_id, 'subgroup', sub.id, sub.name from grp join subgroups sub on sub.group_id = grp.id
        ) x order by 2, 4`),

    bank: (discipline: number) =>
      rows<QuestionRow>(sql`select q.id, q.discipline_id as "disciplineId", q.topic, q.kind, q.text, q.points, q.body,
          q.key, (select count(*)::int from test_attempts a where q.id = any(a.question_ids)) as used
        from test_questions q where q.discipline_id = ${discipline} and q.deleted_at is null
        order by q.topic, q.id`),

    question: (id: number) =>
      one<QuestionRow>(sql`select q.id, q.discipline_id as "disciplineId", q.topic, q.kind, q.text, q.points, q.body,
          q.key, (select count(*)::int from test_attempts a where q.id = any(a.question_ids)) as used
        from test_questions q where q.id = ${id} and q.deleted_at is null`),

    /** Questions by id, deleted ones included (an attempt keeps what it drew). */
    questions: (ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([] as QuestionRow[])
        : rows<QuestionRow>(sql`select q.id, q.discipline_id as "disciplineId", q.topic, q.kind, q.text, q.points,
            q.body, q.key, 0 as used from test_questions q where q.id = any(${ints(ids)})`),

    async insertQuestion(author: number, q: Omit<QuestionRow, 'id' | 'used'>) {
      const row = await one<{ id: number }>(sql`insert into test_questions
          (discipline_id, author_id, topic, kind, text, points, body, key)
        values (${q.disciplineId}, ${author}, ${q.topic}, ${q.kind}, ${q.text}, ${q.points},
          ${JSON.stringify(q.body)}::jsonb, ${JSON.stringify(q.key)}::jsonb) returning id`);
      return (row as { id: number }).id;
    },
    async updateQuestion(id: number, q: Omit<QuestionRow, 'id' | 'used' | 'disciplineId'>) {
      await db.execute(sql`update test_questions set topic = ${q.topic}, kind = ${q.kind}, text = ${q.text},
        points = ${q.points}, body = ${JSON.stringify(q.body)}::jsonb, key = ${JSON.stringify(q.key)}::jsonb
        where id = ${id}`);
    },
    /** Sets (or with null takes away) a question's image, kept in its body; answers the key it replaced. */
    async setImage(id: number, image: StoredImage | null) {
      const body =
        image === null ? sql`q.body - 'image'` : sql`jsonb_set(q.body, '{image}', ${JSON.stringify(image)}::jsonb)`;
      const row = await one<{ previous: string | null }>(sql`update test_questions q set body = ${body}
        from (select body->'image'->>'key' as previous from test_questions where id = ${id} for update) old
        where q.id = ${id} returning old.previous`);
      return row?.previous ?? null;
    },
    async hideQuestion(id: number, at: Date) {
      return (
        (
          await rows(sql`update test_questions set deleted_at = ${date(at)} where id = ${id} and deleted_at is null
          returning id`)
        ).length > 0
      );
    },
    /** How many of `ids` are questions of the discipline's bank. */
    async bankHas(discipline: number, ids: readonly number[]) {
      const row = await one<{ n: number }>(sql`select count(*)::int as n from test_questions
        where discipline_id = ${discipline} and deleted_at is null and id = any(${ints(ids)})`);
      return row?.n ?? 0;
    },

    // Tests.
    tests: async (teacher: number) =>
      (
        await rows<TestRecord>(sql`select ${testColumns} from tests t join disciplines d on d.id = t.discipline_id
          where t.teacher_id = ${teacher} order by t.opens_at desc, t.id desc`)
      ).map(asTest),
    test: async (id: number) => {
      const row = await one<TestRecord>(sql`select ${testColumns} from tests t
        join disciplines d on d.id = t.discipline_id where t.id = ${id}`);
      return row && asTest(row);
    },
    /** What an attempt's view needs of its test (none of test()'s counts: a start under a rush reads it). */
    testBrief: (id: number) =>
      one<{ title: string; shuffle: boolean }>(sql`select title, shuffle from tests where id = ${id}`),
    async insertTest(w: TestWrite) {
      const row = await one<{ id: number }>(sql`insert into tests (teacher_id, discipline_id, title, audience_kind,
          audience_id, topics, question_ids, question_count, shuffle, time_limit_min, opens_at, closes_at,
          attempts_allowed, partial_credit, show_answers, grading_column, grading_mode)
        values (${w.teacherId}, ${w.disciplineId}, ${w.title}, ${w.audienceKind}, ${w.audienceId},
          ${w.topics ? texts(w.topics) : null}, ${w.questionIds ? ints(w.questionIds) : null}, ${w.questionCount},
          ${w.shuffle}, ${w.timeLimitMin}, ${date(w.opensAt)}, ${date(w.closesAt)}, ${w.attemptsAllowed},
          ${w.partialCredit}, ${w.showAnswers}, ${w.gradingColumn}, ${w.gradingMode}) returning id`);
      return (row as { id: number }).id;
    },
    async updateTest(id: number, w: TestWrite) {
      await db.execute(sql`update tests set discipline_id = ${w.disciplineId}, title = ${w.title},
        audience_kind = ${w.audienceKind}, audience_id = ${w.audienceId},
        topics = ${w.topics ? texts(w.topics) : null}, question_ids = ${w.questionIds ? ints(w.questionIds) : null},
        question_count = ${w.questionCount}, shuffle = ${w.shuffle}, time_limit_min = ${w.timeLimitMin},
        opens_at = ${date(w.opensAt)}, closes_at = ${date(w.closesAt)}, attempts_allowed = ${w.attemptsAllowed},
        partial_credit = ${w.partialCredit}, show_answers = ${w.showAnswers}, grading_column = ${w.gradingColumn},
        grading_mode = ${w.gradingMode} where id = ${id}`);
    },
    async deleteTest(id: number) {
      return (
        (
          await rows(sql`delete from tests t where t.id = ${id}
          and not exists (select 1 from test_attempts a where a.test_id = t.id) returning id`)
        ).length > 0
      );
    },

    /** The tests whose audience holds the student, with the student's attempts. */
    studentTests: async (student: number) =>
      (
        await rows<
          TestRecord & {
            openAttempt: number | null;
            mine: number;
            bestX100: number | null;
            maxX100: number | null;
            lastAttempt: number | null;
          }
        >(sql`select ${testColumns},
          (select a.id from test_attempts a where a.test_id = t.id and a.student_id = ${student}
            and a.closed_at is null) as "openAttempt",
          (select count(*)::int from test_attempts a where a.test_id = t.id and a.student_id = ${student}) as mine,
          (select max(a.score_x100) from test_attempts a where a.test_id = t.id and a.student_id = ${student}
            and a.closed_at is not null) as "bestX100",
          (select max(a.max_x100) from test_attempts a where a.test_id = t.id and a.student_id = ${student}) as "maxX100",
          (select a.id from test_attempts a where a.test_id = t.id and a.student_id = ${student}
            and a.closed_at is not null order by a.number desc limit 1) as "lastAttempt"
        from tests t join disciplines d on d.id = t.discipline_id
        where ${inAudience(student)} order by t.closes_at desc, t.id desc`)
      ).map(asTest),

    /** Whether the student is in the test's audience. */
    async mayTake(test: number, student: number) {
      return (await one(sql`select 1 from tests t where t.id = ${test} and ${inAudience(student)}`)) !== null;
    },

    /**
     * Starts an attempt in one statement: within the window, with attempts left, the student in the audience; the
     * questions drawn (and ordered) there. Nothing when another attempt is open (the unique index) or refused.
     */
    async start(test: number, student: number, now: Date) {
      const row = await one<AttemptRecord>(sql`
        with t as (select * from tests t where t.id = ${test} and t.opens_at <= ${date(now)}
            and t.closes_at > ${date(now)} and ${inAudience(student)}),
          used as (select count(*)::int as n from test_attempts where test_id = ${test} and student_id = ${student}),
          drawn as (select t.id as test_id, case when t.question_ids is not null then
              (select array_agg(q.id order by case when t.shuffle then random() else 0 end,
                  array_position(t.question_ids, q.id))
                from test_questions q where q.id = any(t.question_ids))
            else (select array_agg(p.id order by case when t.shuffle then random() else 0 end, p.id) from (
                select q.id from test_questions q where q.discipline_id = t.discipline_id and q.deleted_at is null
                  and (t.topics is null or q.topic = any(t.topics))
                order by random() limit t.question_count) p) end as ids
            from t)
        insert into test_attempts as a (test_id, student_id, number, question_ids, seed, started_at, deadline, max_x100)
        select t.id, ${student}, used.n + 1, drawn.ids, floor(random() * 2147483647)::int, ${date(now)},
          least(${date(now)}::timestamptz + make_interval(mins => t.time_limit_min), t.closes_at),
          (select coalesce(sum(points), 0)::int * 100 from test_questions where id = any(drawn.ids))
        from t, used, drawn where used.n < t.attempts_allowed and drawn.ids is not null
        on conflict (test_id, student_id) where closed_at is null do nothing
        returning ${attemptColumns}`);
      return row && asAttempt(row);
    },

    /** An attempt with the kind of its question `question` (null when it did not draw it): a save's one read. */
    async attemptForAnswer(attempt: number, question: number) {
      const row = await one<AttemptRecord & { questionKind: QuestionKind | null }>(sql`select ${attemptColumns},
          q.kind as "questionKind"
        from test_attempts a left join test_questions q on q.id = ${question} and q.id = any(a.question_ids)
        where a.id = ${attempt}`);
      return row && asAttempt(row);
    },

    async openAttemptOf(test: number, student: number) {
      const row = await one<AttemptRecord>(sql`select ${attemptColumns} from test_attempts a
        where a.test_id = ${test} and a.student_id = ${student} and a.closed_at is null`);
      return row && asAttempt(row);
    },
    async attemptsMade(test: number, student: number) {
      return (
        (
          await one<{ n: number }>(sql`select count(*)::int as n from test_attempts
          where test_id = ${test} and student_id = ${student}`)
        )?.n ?? 0
      );
    },
    async attempt(id: number, lock = false) {
      const row = await one<AttemptRecord>(sql`select ${attemptColumns} from test_attempts a where a.id = ${id}
        ${lock ? sql`for update` : sql``}`);
      return row && asAttempt(row);
    },
    async attemptsOf(test: number) {
      return (
        await rows<AttemptRecord & { student: string; toReview: number }>(sql`select ${attemptColumns},
          concat_ws(' ', u.last_name, u.first_name, u.patronymic) as student,
          (select count(*)::int from test_answers x join test_questions q on q.id = x.question_id
            where x.attempt_id = a.id and q.kind = 'text' and not x.manual) as "toReview"
        from test_attempts a join users u on u.id = a.student_id where a.test_id = ${test}
        order by u.last_name, u.first_name, a.number`)
      ).map(asAttempt);
    },
    answers: (attempt: number) =>
      rows<AnswerRecord>(sql`select attempt_id as "attemptId", question_id as "questionId", response,
        points_x100 as "pointsX100", manual from test_answers where attempt_id = ${attempt}`),
    answersOfTest: (test: number) =>
      rows<AnswerRecord & { closed: boolean }>(sql`select x.attempt_id as "attemptId", x.question_id as "questionId",
          x.response, x.points_x100 as "pointsX100", x.manual, a.closed_at is not null as closed
        from test_answers x join test_attempts a on a.id = x.attempt_id where a.test_id = ${test}`),
    /** Times each question was drawn in the test's attempts. */
    drawnOf: (test: number) =>
      rows<{ id: number; n: number }>(sql`select q as id, count(*)::int as n
        from test_attempts a, unnest(a.question_ids) q where a.test_id = ${test} group by q`),

    /**
     * Saves an answer if the attempt is the student's, holds the question, was not submitted, and `given` is no later
     * than the deadline while `now` is within the grace after it. The answer given latest wins. True when accepted.
     */
    async saveAnswer(a: {
      attempt: number;
      student: number;
      question: number;
      response: unknown;
      given: Date;
      now: Date;
      graceSeconds: number;
    }) {
      const res = await rows<{ ok: number }>(sql`
        insert into test_answers (attempt_id, question_id, response, given_at, saved_at)
        select a.id, ${a.question}, ${JSON.stringify(a.response)}::jsonb, ${date(a.given)}, ${date(a.now)}
        from test_attempts a where a.id = ${a.attempt} and a.student_id = ${a.student}
          and ${a.question} = any(a.question_ids) and a.closed_by is distinct from 'student'
          and ${date(a.given)}::timestamptz <= a.deadline
          and ${date(a.now)}::timestamptz <= a.deadline + make_interval(secs => ${a.graceSeconds})
        on conflict (attempt_id, question_id) do update set
          response = case when test_answers.given_at <= excluded.given_at then excluded.response else test_answers.response end,
          given_at = greatest(test_answers.given_at, excluded.given_at),
          saved_at = excluded.saved_at,
          points_x100 = case when test_answers.given_at <= excluded.given_at then null else test_answers.points_x100 end,
          manual = case when test_answers.given_at <= excluded.given_at then false else test_answers.manual end
        returning 1 as ok`);
      return res.length > 0;
    },

    async setAnswerPoints(attempt: number, question: number, pointsX100: number, manual: boolean) {
      return (
        (
          await rows(sql`update test_answers set points_x100 = ${pointsX100}, manual = ${manual}
          where attempt_id = ${attempt} and question_id = ${question} returning 1`)
        ).length > 0
      );
    },
    async closeAttempt(id: number, at: Date, by: 'student' | 'server', scoreX100: number) {
      await db.execute(sql`update test_attempts set closed_at = ${date(at)}, closed_by = ${by},
        score_x100 = ${scoreX100} where id = ${id}`);
    },
    async setScore(id: number, scoreX100: number) {
      await db.execute(sql`update test_attempts set score_x100 = ${scoreX100} where id = ${id}`);
    },
    /** Open attempts whose deadline has passed, locked (skipping those another instance is closing). */
    expired: async (now: Date, limit: number) =>
      (
        await rows<AttemptRecord>(sql`select ${attemptColumns} from test_attempts a
          where a.closed_at is null and a.deadline <= ${date(now)} order by a.deadline limit ${limit}
          for update skip locked`)
      ).map(asAttempt),
    /** The student's open attempt of this test whose deadline has passed, locked. */
    async expiredOf(test: number, student: number, now: Date) {
      const row = await one<AttemptRecord>(sql`select ${attemptColumns} from test_attempts a
        where a.test_id = ${test} and a.student_id = ${student} and a.closed_at is null
          and a.deadline <= ${date(now)} for update`);
      return row && asAttempt(row);
    },
    partialOf: async (test: number) =>
      (await one<{ p: boolean }>(sql`select partial_credit as p from tests where id = ${test}`))?.p ?? true,
    /** A student's closed attempts of a test, first to last, with their scores (hundredths). */
    closedScores: (test: number, student: number) =>
      rows<{ scoreX100: number; maxX100: number }>(sql`select score_x100 as "scoreX100", max_x100 as "maxX100"
        from test_attempts where test_id = ${test} and student_id = ${student} and closed_at is not null
          and score_x100 is not null order by number`),
  };
}

export type TestingQueries = ReturnType<typeof queries>;

export function createTestingRepository(db: Db, changes: Changes) {
  return { ...queries(db), transaction: transactionOf(changes, queries) };
}

export type TestingRepository = ReturnType<typeof createTestingRepository>;
