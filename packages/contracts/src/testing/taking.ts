import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput, localizedName } from '../fields.ts';
import { questionKinds } from './bank.ts';
import { questionImage } from './images.ts';
import { audienceKinds } from './tests.ts';

/**
 * Taking a test. The server keeps the deadline (start + limit, never past the window's end) and sends the time LEFT
 * in seconds, never a deadline to compare with the phone's clock. Questions reach a student only inside their own
 * started attempt.
 */
export const graceSeconds = 60;

export const availableTest = z.object({
  id: z.number(),
  title: z.string(),
  discipline: z.object(localizedName),
  audienceKind: z.enum(audienceKinds),
  questionCount: z.number(),
  timeLimit: z.number(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** 'upcoming', 'open' or 'closed' (the window, by the server's clock). */
  state: z.enum(['upcoming', 'open', 'closed']),
  attempts: z.number(),
  attemptsMade: z.number(),
  /** The attempt in progress, if any. */
  openAttempt: z.nullable(z.number()),
  /** The best closed attempt's score and the most that could be scored (points). */
  best: z.nullable(z.number()),
  maxScore: z.nullable(z.number()),
  lastAttempt: z.nullable(z.number()),
});
export type AvailableTest = z.infer<typeof availableTest>;

export const myTests = defineEndpoint({
  id: 'testing.myTests',
  method: 'POST',
  path: '/api/testing/my.json',
  access: 'student',
  summary: "The tests of the student's group, subgroups and stream: window, attempts made, the one in progress.",
  request: z.object({}),
  response: z.array(availableTest),
});

/** A question as a student sees it inside an attempt: no correct answer; options in the student's order. */
export const attemptQuestion = z.object({
  id: z.number(),
  kind: z.enum(questionKinds),
  text: z.string(),
  points: z.number(),
  /** single/multiple: the options ({key, text}), shuffled per student; the key is what an answer names. */
  options: z.array(z.object({ key: z.number(), text: z.string() })),
  /** matching: the left column (keys answered for), and the right column's choices. */
  left: z.array(z.object({ key: z.number(), text: z.string() })),
  right: z.array(z.object({ key: z.number(), text: z.string() })),
  /** Its image, fetched through the attempt (attemptImageFile), if it has one. */
  image: z.nullable(questionImage),
});
export type AttemptQuestion = z.infer<typeof attemptQuestion>;

/**
 * An answer: single an option key; multiple a list of keys; text a text; number a number; matching a list with the
 * right key chosen for each left key in order (-1 none).
 */
export const answerResponse = z.union([
  z.number().check(
    z.refine((v) => Number.isFinite(v) && Math.abs(v) <= 1e12, {
      error: 'out_of_range',
      params: { min: -1e12, max: 1e12 },
    }),
  ),
  z.string().check(z.maxLength(1000)),
  z.array(z.int().check(z.gte(-1), z.lte(99))).check(z.maxLength(20)),
]);
export type AnswerResponse = z.infer<typeof answerResponse>;

export const attemptView = z.object({
  id: z.number(),
  id_test: z.number(),
  title: z.string(),
  number: z.number(),
  /** Seconds left by the server's clock (0 once the deadline has passed). */
  remainingSeconds: z.number(),
  closed: z.boolean(),
  questions: z.array(attemptQuestion),
  answers: z.array(z.object({ id_question: z.number(), response: answerResponse })),
});
export type AttemptView = z.infer<typeof attemptView>;

export const attemptStart = defineEndpoint({
  id: 'testing.start',
  method: 'POST',
  path: '/api/testing/start.json',
  access: 'student',
  summary:
    "Starts an attempt at test `id` (within its window, attempts left), or returns the one in progress (a second device gets the same attempt). Its questions are drawn in the one statement that creates it. Refused: 409 test_not_open outside the window, 409 no_attempts_left; 404 for a test that is not the student's.",
  request: z.object({ id: idInput }),
  response: attemptView,
});

export const attemptGet = defineEndpoint({
  id: 'testing.attempt',
  method: 'POST',
  path: '/api/testing/attempt.json',
  access: 'student',
  summary: "The student's own attempt `id`: its questions, the answers saved and the seconds left (after a reload).",
  request: z.object({ id: idInput }),
  response: attemptView,
});

export const answerSave = defineEndpoint({
  id: 'testing.answer',
  method: 'POST',
  path: '/api/testing/answer.json',
  access: 'student',
  summary:
    "Saves the answer to question `id_question` of the student's attempt `id` (saving again replaces it; the one given latest wins). `givenAt` (ISO 8601) is when it was given: an answer given before the deadline and arriving up to 60 s after it is accepted; the server trusts `givenAt` only that far back. Refused after that with 409 deadline_passed, and after the student's submit with 409 attempt_closed.",
  request: z.object({
    id: idInput,
    id_question: idInput,
    response: answerResponse,
    givenAt: z.optional(z.iso.datetime({ offset: true })),
  }),
  response: z.object({ saved: z.boolean(), remainingSeconds: z.number() }),
});

export const attemptResult = z.object({
  id: z.number(),
  id_test: z.number(),
  title: z.string(),
  number: z.number(),
  startedAt: z.string(),
  closedAt: z.nullable(z.string()),
  closedBy: z.nullable(z.enum(['student', 'server'])),
  score: z.nullable(z.number()),
  maxScore: z.number(),
  /** Whether the correct answers are shown (after the window closes, if the teacher allows it). */
  answersShown: z.boolean(),
  questions: z.array(
    z.object({
      ...attemptQuestion.shape,
      response: z.nullable(answerResponse),
      score: z.nullable(z.number()),
      /** The correct answer, only when `answersShown`: option keys, accepted texts, the number, or right keys. */
      correct: z.nullable(z.union([z.array(z.number()), z.array(z.string()), z.number()])),
    }),
  ),
});
export type AttemptResult = z.infer<typeof attemptResult>;

export const attemptSubmit = defineEndpoint({
  id: 'testing.submit',
  method: 'POST',
  path: '/api/testing/submit.json',
  access: 'student',
  summary:
    "Submits the student's attempt `id`: scored once, whatever the number of submits (an attempt already closed is returned as it is).",
  request: z.object({ id: idInput }),
  response: attemptResult,
});

export const attemptReview = defineEndpoint({
  id: 'testing.review',
  method: 'POST',
  path: '/api/testing/review.json',
  access: 'student',
  summary:
    "The student's own closed attempt `id`: score and answers; the correct answers only after the window closes and only if the teacher allows it.",
  request: z.object({ id: idInput }),
  response: attemptResult,
});
