import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput, localizedName, textField } from '../fields.ts';
import { surveyQuestion } from './manage.ts';

/** What a student may answer now: each open questionnaire, once per target (teacher and discipline) not yet answered. */
export const openQuestionnaire = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  closesAt: z.string(),
  questions: z.array(surveyQuestion),
  /** The teacher × discipline pairs to answer about ([{0, 0}] for an audience questionnaire), answered or not. */
  targets: z.array(
    z.object({
      id_teacher: z.number(),
      teacher: z.string(),
      id_discipline: z.number(),
      discipline: z.object(localizedName),
      answered: z.boolean(),
    }),
  ),
});
export type OpenQuestionnaire = z.infer<typeof openQuestionnaire>;

export const questionnaireOpen = defineEndpoint({
  id: 'questionnaire.open',
  method: 'POST',
  path: '/api/questionnaires/open.json',
  access: 'student',
  summary: "The questionnaires open now for the student, each with its targets and whether it's answered.",
  request: z.object({}),
  response: z.array(openQuestionnaire),
});

/** An answer: scale 1–5, an option's index, a list of indexes, or a text. */
const value = z.union([
  z.int().check(z.gte(0), z.lte(50)),
  z.array(z.int().check(z.gte(0), z.lte(50))).check(z.maxLength(12)),
  textField(2000),
]);

export const questionnaireAnswer = defineEndpoint({
  id: 'questionnaire.answer',
  method: 'POST',
  path: '/api/questionnaires/answer.json',
  access: 'student',
  summary:
    'Answers questionnaire `id` about teacher `id_teacher` and discipline `id_discipline` (0 and 0 for an audience questionnaire), once. The answers are stored with a random id and the day only, apart from the record that the student has answered: nothing ties them to the student. 409 already_answered, 409 questionnaire_closed outside the window.',
  request: z.object({
    id: idInput,
    id_teacher: z._default(z.int().check(z.gte(0), z.lte(2_147_483_647)), 0),
    id_discipline: z._default(z.int().check(z.gte(0), z.lte(2_147_483_647)), 0),
    answers: z.array(z.object({ id_question: idInput, value })).check(z.maxLength(50)),
  }),
  response: z.object({ answered: z.boolean() }),
});
