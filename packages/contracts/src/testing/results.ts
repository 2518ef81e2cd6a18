import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';
import { questionKinds } from './bank.ts';
import { attemptResult } from './taking.ts';

/** A test's results for its teacher: each attempt, and each question's difficulty and option frequencies. */
export const testResults = defineEndpoint({
  id: 'testing.results',
  method: 'POST',
  path: '/api/testing/results.json',
  access: 'teacher',
  summary:
    "The attempts at the teacher's test `id` (student, number, start, time taken, score) and, per question drawn, how many answered, the share of points scored (its difficulty: 1 every point, 0 none) and how often each option was chosen.",
  request: z.object({ id: idInput }),
  response: z.object({
    id: z.number(),
    title: z.string(),
    maxScore: z.number(),
    attempts: z.array(
      z.object({
        id: z.number(),
        id_student: z.number(),
        student: z.string(),
        number: z.number(),
        startedAt: z.string(),
        closedAt: z.nullable(z.string()),
        closedBy: z.nullable(z.enum(['student', 'server'])),
        seconds: z.nullable(z.number()),
        score: z.nullable(z.number()),
        maxScore: z.number(),
        /** Short-text answers a teacher has not scored by hand yet. */
        toReview: z.number(),
      }),
    ),
    questions: z.array(
      z.object({
        id: z.number(),
        kind: z.enum(questionKinds),
        text: z.string(),
        points: z.number(),
        drawn: z.number(),
        answered: z.number(),
        /** Mean share of the points scored (0–1), null when nobody answered in a closed attempt. */
        share: z.nullable(z.number()),
        options: z.array(z.object({ key: z.number(), text: z.string(), chosen: z.number(), correct: z.boolean() })),
      }),
    ),
  }),
});

export const teacherAttempt = defineEndpoint({
  id: 'testing.teacherAttempt',
  method: 'POST',
  path: '/api/testing/results/attempt.json',
  access: 'teacher',
  summary: "One attempt at the teacher's test, with every answer, its score and the correct answer.",
  request: z.object({ id: idInput }),
  response: z.object({ ...attemptResult.shape, student: z.string() }),
});

export const answerRescore = defineEndpoint({
  id: 'testing.rescore',
  method: 'POST',
  path: '/api/testing/results/rescore.json',
  access: 'teacher',
  summary:
    "Scores by hand the short-text answer to question `id_question` of attempt `id` (of the teacher's test): `points`, 0 to the question's points, in steps of 0.01. The attempt's score follows.",
  request: z.object({
    id: idInput,
    id_question: idInput,
    points: z.number().check(
      z.refine((v) => Number.isFinite(v) && v >= 0 && v <= 100, {
        error: 'out_of_range',
        params: { min: 0, max: 100 },
      }),
    ),
  }),
  response: z.object({ score: z.number(), maxScore: z.number() }),
});

export const testResultsXlsx = defineEndpoint({
  id: 'testing.resultsXlsx',
  method: 'GET',
  path: '/api/testing/results.xlsx',
  access: 'teacher',
  replyKind: 'file',
  summary:
    "The attempts at the teacher's test `id` as an Excel workbook headed in language `lang`: per attempt the student, the attempt's number, start, time taken (minutes), score and each question's points, numbers as numbers.",
  request: z.object({ ...callerEcho, id: idInput, lang: z._default(z.enum(['ru', 'kg', 'en']), 'ru') }),
  response: z.never(),
});

export const testResultsXlsxUrl = (id: number, lang: 'ru' | 'kg' | 'en') =>
  `${testResultsXlsx.path}?id=${id}&lang=${lang}`;
