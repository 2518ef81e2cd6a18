import { answerSave, attemptStart, attemptSubmit } from '@okuu/contracts/testing/taking';
import pg from 'pg';
import { signInAll } from '../lib/api.ts';
import { analyze } from '../lib/database.ts';
import { assertLocal, percentile } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';

/**
 * A module test that a whole stream sits at once (issue 42): 1,000 signed-in students start the same test within
 * 10 s, then each answers the 20 questions drawn for them over 60 s, one save every 3 s (each student's saves offset
 * at random), and submits. Measured: every start and every save. Afterwards the database is checked: every attempt
 * closed, every acknowledged answer stored, and every stored answer scored.
 *
 * The stage is set in the database first, as a teacher would through the portal: a bank of 30 questions of every
 * kind under the topic `bench-test-rush`, a stream of the rush students' groups, and a test for that stream drawing
 * 20 of them, open now; the test of an earlier run (and its attempts) goes.
 */

const rushStudents = 1000;
const startWindowMs = 10_000;
const answerWindowMs = 60_000;
const questionsDrawn = 20;
const bankSize = 30;
const topic = 'bench-test-rush';
const title = 'bench test-rush';
const requestTimeoutMs = 30_000;

interface Outcome {
  ms: number;
  /** 0: no answer (connection error, timeout). */
  status: number;
  code: string | null;
}

type Kind = 'single' | 'multiple' | 'text' | 'number' | 'matching';
interface Question {
  id: number;
  kind: Kind;
  options: { key: number }[];
  left: { key: number }[];
  right: { key: number }[];
}

/** The question of a kind as stored: its body (what a student sees) and key (what is correct). */
function bankQuestion(i: number): { kind: Kind; text: string; body: object; key: object } {
  const kind = (['single', 'multiple', 'text', 'number', 'matching'] as const)[i % 5] as Kind;
  const text = `Вопрос ${i + 1} (${kind})`;
  switch (kind) {
    case 'single':
      return { kind, text, body: { options: ['А', 'Б', 'В', 'Г'] }, key: { correct: [i % 4] } };
    case 'multiple':
      return { kind, text, body: { options: ['А', 'Б', 'В', 'Г'] }, key: { correct: [0, 2] } };
    case 'text':
      return { kind, text, body: {}, key: { accepted: ['Манас', 'эпос Манас'] } };
    case 'number':
      return { kind, text, body: {}, key: { value: i, tolerance: 0.5 } };
    case 'matching':
      return { kind, text, body: { left: ['1', '2', '3'], right: ['один', 'два', 'три'] }, key: {} };
  }
}

/** An answer a student gives, right or wrong by the dice: the server scores both alike. */
function responseOf(q: Question, dice: number): number | number[] | string {
  switch (q.kind) {
    case 'single':
      return (q.options[dice % q.options.length] as { key: number }).key;
    case 'multiple':
      return q.options.filter((_, i) => (dice >> i) & 1).map((o) => o.key);
    case 'text':
      return dice % 2 ? 'манас' : 'Алпамыш';
    case 'number':
      return dice % 20;
    case 'matching':
      return q.left.map((_, i) => (q.right[(i + dice) % q.right.length] as { key: number }).key);
  }
}

/** Sets the stage in one transaction: the bank, the stream of the rush students' groups, the test. */
async function setStage(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const students = (
      await client.query<{ id: number; login: string; groupId: number }>(
        `SELECT u.id, u.login, sp.group_id AS "groupId" FROM users u JOIN student_profiles sp ON sp.user_id = u.id
         WHERE u.role = 2 AND u.login LIKE 'student%' ORDER BY sp.group_id, u.id LIMIT $1`,
        [rushStudents],
      )
    ).rows;
    const [assignment] = (
      await client.query<{ teacherId: number; disciplineId: number }>(
        `SELECT teacher_id AS "teacherId", discipline_id AS "disciplineId" FROM teaching_assignments
         ORDER BY id LIMIT 1`,
      )
    ).rows;
    if (!assignment) throw new Error('The demo university has no teaching');

    // An earlier run's test goes with its attempts and answers (cascade); the bank stays.
    await client.query('DELETE FROM tests WHERE title = $1', [title]);
    const have = (
      await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM test_questions WHERE discipline_id = $1 AND topic = $2 AND deleted_at IS NULL',
        [assignment.disciplineId, topic],
      )
    ).rows[0]?.n;
    for (let i = have ?? 0; i < bankSize; i++) {
      const q = bankQuestion(i);
      await client.query(
        `INSERT INTO test_questions (discipline_id, author_id, topic, kind, text, points, body, key)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
        [assignment.disciplineId, assignment.teacherId, topic, q.kind, q.text, 1 + (i % 3), q.body, q.key],
      );
    }

    let streamId = (await client.query<{ id: number }>('SELECT id FROM streams WHERE name = $1', [title])).rows[0]?.id;
    if (streamId === undefined) {
      streamId = (await client.query<{ id: number }>('INSERT INTO streams (name) VALUES ($1) RETURNING id', [title]))
        .rows[0]?.id as number;
    }
    await client.query(
      `INSERT INTO stream_groups (stream_id, group_id) SELECT $1, g FROM unnest($2::int[]) g ON CONFLICT DO NOTHING`,
      [streamId, [...new Set(students.map((s) => s.groupId))]],
    );
    const test = (
      await client.query<{ id: number }>(
        `INSERT INTO tests (teacher_id, discipline_id, title, audience_kind, audience_id, topics, question_count,
           shuffle, time_limit_min, opens_at, closes_at, attempts_allowed, partial_credit)
         VALUES ($1, $2, $3, 'stream', $4, ARRAY[$5], $6, true, 30, now() - interval '1 minute',
           now() + interval '2 hours', 1, true) RETURNING id`,
        [assignment.teacherId, assignment.disciplineId, title, streamId, topic, questionsDrawn],
      )
    ).rows[0]?.id as number;
    await client.query('COMMIT');
    return { testId: test, students, groups: new Set(students.map((s) => s.groupId)).size };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/** What the database holds afterwards: attempts still open, answers stored and answers not scored. */
async function checkDatabase(url: string, testId: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [row] = (
      await client.query<{ attempts: number; open: number; answers: number; unscored: number }>(
        `SELECT (SELECT count(*)::int FROM test_attempts WHERE test_id = $1) AS attempts,
           (SELECT count(*)::int FROM test_attempts WHERE test_id = $1 AND closed_at IS NULL) AS open,
           count(x.*)::int AS answers, count(x.*) FILTER (WHERE x.points_x100 IS NULL)::int AS unscored
         FROM test_answers x JOIN test_attempts a ON a.id = x.attempt_id WHERE a.test_id = $1`,
        [testId],
      )
    ).rows;
    return row ?? { attempts: -1, open: -1, answers: -1, unscored: -1 };
  } finally {
    await client.end().catch(() => {});
  }
}

export const testRushScenario: Scenario = {
  name: 'test-rush',
  description: `POST ${attemptStart.path} and ${answerSave.path}: 1,000 students start one test within 10 s, then save 20 answers each over 60 s`,
  targets: [
    { metric: 'startP95Ms', op: '<', value: 1000, label: 'p95 start < 1 s' },
    { metric: 'saveP99Ms', op: '<', value: 300, label: 'p99 save < 300 ms' },
    { metric: 'errors', op: '<=', value: 0, label: '0 errors (starts, saves, submits)' },
    { metric: 'unscoredAnswers', op: '<=', value: 0, label: 'every saved answer scored' },
    { metric: 'missingAnswers', op: '<=', value: 0, label: 'every acknowledged answer stored' },
  ],
  async run(ctx) {
    ctx.log(`setting the stage: a bank of ${bankSize} questions, a test for ${rushStudents} students`);
    const stage = await setStage(ctx.settings.databaseUrl);
    ctx.log(`test ${stage.testId} for ${stage.students.length} students of ${stage.groups} groups`);
    await analyze(ctx.settings.databaseUrl);
    ctx.log(`signing in ${stage.students.length} students`);
    const tokens = await signInAll(
      ctx.baseUrl,
      stage.students.map((s) => s.login),
      ctx.settings.password,
    );

    const call = async (path: string, token: string, body: unknown, into: Outcome[]) => {
      const url = new URL(path, ctx.baseUrl).toString();
      assertLocal(url);
      const started = performance.now();
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `token=${token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        const reply = (await res.json().catch(() => null)) as {
          error?: { code?: string } | null;
          data?: unknown;
        } | null;
        into.push({ ms: performance.now() - started, status: res.status, code: reply?.error?.code ?? null });
        return res.status === 200 ? reply?.data : null;
      } catch {
        into.push({ ms: performance.now() - started, status: 0, code: null });
        return null;
      }
    };

    const starts: Outcome[] = [];
    const saves: Outcome[] = [];
    const submits: Outcome[] = [];
    let acknowledged = 0;
    const sleepUntil = (t0: number, at: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + at - performance.now())));

    ctx.log(`the rush: ${stage.students.length} starts within 10 s, then ${questionsDrawn} saves each over 60 s`);
    const t0 = performance.now();
    await Promise.all(
      stage.students.map(async (s, i) => {
        const token = tokens[i] as string;
        await sleepUntil(t0, (i * startWindowMs) / stage.students.length);
        const view = (await call(attemptStart.path, token, { id: stage.testId }, starts)) as {
          id: number;
          questions: Question[];
        } | null;
        if (!view) return;
        // One save every 3 s from a moment of the student's own; the whole stream answers over the same 60 s.
        const began = performance.now() - t0;
        const step = answerWindowMs / questionsDrawn;
        const offset = Math.random() * step;
        for (const [n, q] of view.questions.entries()) {
          await sleepUntil(t0, began + offset + n * step);
          const dice = (s.id * 31 + q.id * 7) >>> 0;
          const ok = await call(
            answerSave.path,
            token,
            { id: view.id, id_question: q.id, response: responseOf(q, dice) },
            saves,
          );
          if (ok) acknowledged++;
        }
        await call(attemptSubmit.path, token, { id: view.id }, submits);
      }),
    );
    const durationSec = (performance.now() - t0) / 1000;

    ctx.log('checking the database');
    const db = await checkDatabase(ctx.settings.databaseUrl, stage.testId);
    const sorted = (list: Outcome[]) => Float64Array.from(list.map((o) => o.ms)).sort();
    const startMs = sorted(starts);
    const saveMs = sorted(saves);
    const failed = (list: Outcome[]) => list.filter((o) => o.status !== 200).length;
    const errors = failed(starts) + failed(saves) + failed(submits) + (stage.students.length - starts.length);
    const round = (n: number) => Math.round(n * 10) / 10;
    const all = [...starts, ...saves, ...submits];
    return {
      requestsPerSec: round(all.length / durationSec),
      p50Ms: Math.round(percentile(saveMs, 50)),
      p99Ms: Math.round(percentile(saveMs, 99)),
      errors,
      metrics: {
        students: stage.students.length,
        startP50Ms: Math.round(percentile(startMs, 50)),
        startP95Ms: Math.round(percentile(startMs, 95)),
        startP99Ms: Math.round(percentile(startMs, 99)),
        startMaxMs: Math.round(startMs[startMs.length - 1] ?? 0),
        saveP50Ms: Math.round(percentile(saveMs, 50)),
        saveP95Ms: Math.round(percentile(saveMs, 95)),
        saveP99Ms: Math.round(percentile(saveMs, 99)),
        saveMaxMs: Math.round(saveMs[saveMs.length - 1] ?? 0),
        saves: saves.length,
        acknowledged,
        storedAnswers: db.answers,
        missingAnswers: acknowledged - db.answers,
        unscoredAnswers: db.unscored,
        openAttempts: db.open,
        durationSec: round(durationSec),
      },
      details: {
        statuses: Object.fromEntries(
          [...new Set(all.map((o) => `${o.status} ${o.code ?? ''}`.trim()))].map((k) => [
            k,
            all.filter((o) => `${o.status} ${o.code ?? ''}`.trim() === k).length,
          ]),
        ),
      },
    };
  },
};
