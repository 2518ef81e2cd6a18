import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { formFlag, idInput, idOrNew, lineField, localizedName, wholeNumber } from '../fields.ts';
import { localMomentInput } from '../settings/common.ts';

/** A teacher's tests: what they draw, for whom, when, and how they are scored. */
export const audienceKinds = ['group', 'subgroup', 'stream'] as const;

export const testLimits = { questions: 200, minutes: 600, attempts: 20, topics: 50, controlPoints: 10 } as const;

/** Which attempt's score a test feeds to its control point of the grading sheet. */
export const gradingModes = ['best', 'last'] as const;

export const testRow = z.object({
  id: z.number(),
  id_discipline: z.number(),
  discipline: z.object(localizedName),
  title: z.string(),
  audienceKind: z.enum(audienceKinds),
  audienceId: z.number(),
  audience: z.string(),
  /** The topics drawn from ([] every topic). */
  topics: z.array(z.string()),
  /** The fixed questions ([] drawn from the topics). */
  questionIds: z.array(z.number()),
  questionCount: z.number(),
  shuffle: z.boolean(),
  timeLimit: z.number(),
  /** The window, ISO 8601 UTC. */
  opensAt: z.string(),
  closesAt: z.string(),
  attempts: z.number(),
  partialCredit: z.boolean(),
  showAnswers: z.boolean(),
  /** The control point of the grading sheet the score goes to (null: none), from the best or the last attempt. */
  gradingColumn: z.nullable(z.number()),
  gradingMode: z.enum(gradingModes),
  /** Attempts made so far, and the students who made them. */
  attemptsMade: z.number(),
  students: z.number(),
});
export type TestRow = z.infer<typeof testRow>;

export const testList = defineEndpoint({
  id: 'testing.tests',
  method: 'POST',
  path: '/api/testing/tests.json',
  access: 'teacher',
  summary: "The teacher's tests, newest window first, with the attempts made.",
  request: z.object({}),
  response: z.array(testRow),
});

export const testSave = defineEndpoint({
  id: 'testing.testSave',
  method: 'POST',
  path: '/api/testing/test/save.json',
  access: 'teacher',
  summary:
    "Creates (`id` -1) or changes a test of discipline `id_discipline` for an audience of the teacher's teaching (`audienceKind` group, subgroup or stream, `audienceId`). It draws `questionCount` questions from `topics` ([] every topic), or takes the fixed `questionIds`; `shuffle` orders questions and options per student; `timeLimit` minutes; window `from`–`to` (Asia/Bishkek, YYYY-MM-DDTHH:MM); `attempts` allowed; `partialCredit` for multiple choice and matching; `showAnswers` after the window closes; `gradingColumn`, the control point of the discipline's grading sheet (1 the first) that each student's score goes to, as a share of its maximum, from the `gradingMode` best or last attempt (null: none). Attempts already started keep their questions.",
  request: z
    .object({
      id: idOrNew,
      id_discipline: idInput,
      title: lineField(200, true),
      audienceKind: z.enum(audienceKinds),
      audienceId: idInput,
      topics: z._default(z.array(lineField(100, false)).check(z.maxLength(testLimits.topics)), []),
      questionIds: z._default(z.array(idInput).check(z.maxLength(testLimits.questions)), []),
      questionCount: z._default(wholeNumber(1, testLimits.questions), 10),
      shuffle: formFlag,
      timeLimit: wholeNumber(1, testLimits.minutes),
      from: localMomentInput,
      to: localMomentInput,
      attempts: z._default(wholeNumber(1, testLimits.attempts), 1),
      partialCredit: formFlag,
      showAnswers: formFlag,
      gradingColumn: z._default(z.nullable(wholeNumber(1, testLimits.controlPoints)), null),
      gradingMode: z._default(z.enum(gradingModes), 'best'),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.to <= v.from) ctx.issues.push({ code: 'custom', message: 'after_start', path: ['to'], input: v.to });
      }),
    ),
  response: testRow,
});

export const testDelete = defineEndpoint({
  id: 'testing.testDelete',
  method: 'POST',
  path: '/api/testing/test/delete.json',
  access: 'teacher',
  summary: 'Deletes test `id` of the teacher: only one nobody has started (409 in_use otherwise).',
  request: z.object({ id: idInput }),
  response: z.object({ deleted: z.boolean() }),
});
