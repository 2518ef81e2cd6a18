import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { formFlag, idInput, idOrNew, lineField, textField, wholeNumber } from '../fields.ts';
import { localMomentInput } from '../settings/common.ts';

/**
 * Questionnaires (issue 42): staff build them; students answer each once, anonymously. The target is every teacher ×
 * discipline pair of a half-year (`teachers`, for the students registered with that teacher), or an audience: every
 * student (`all`), a faculty's (`faculty`, audienceId its id) or a course's (`course`, audienceId 1–6).
 */
export const questionnaireTargets = ['teachers', 'all', 'faculty', 'course'] as const;
export const surveyQuestionKinds = ['scale', 'single', 'multiple', 'text'] as const;
export type SurveyQuestionKind = (typeof surveyQuestionKinds)[number];

export const surveyQuestion = z.object({
  id: z.number(),
  kind: z.enum(surveyQuestionKinds),
  text: z.string(),
  options: z.array(z.string()),
});
export type SurveyQuestion = z.infer<typeof surveyQuestion>;

export const questionnaireRow = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  target: z.enum(questionnaireTargets),
  year: z.nullable(z.number()),
  ws: z.nullable(z.number()),
  audienceId: z.nullable(z.number()),
  opensAt: z.string(),
  closesAt: z.string(),
  minAnswers: z.number(),
  freeTextReleased: z.boolean(),
  questions: z.array(surveyQuestion),
  /** Answer sheets received so far (all targets). */
  answers: z.number(),
});
export type QuestionnaireRow = z.infer<typeof questionnaireRow>;

export const questionnaireList = defineEndpoint({
  id: 'questionnaire.list',
  method: 'POST',
  path: '/api/staff/questionnaires.json',
  access: 'staff',
  summary: 'Every questionnaire, newest window first, with its questions and the number of answers received.',
  request: z.object({}),
  response: z.array(questionnaireRow),
});

const questionInput = z.object({
  kind: z.enum(surveyQuestionKinds),
  text: lineField(500, true),
  options: z._default(z.array(lineField(200, true)).check(z.maxLength(12)), []),
});

export const questionnaireSave = defineEndpoint({
  id: 'questionnaire.save',
  method: 'POST',
  path: '/api/staff/questionnaires/save.json',
  access: 'staff',
  audit: ['questionnaire.save'],
  summary:
    'Creates (`id` -1) or changes a questionnaire: `title`, `description`, `target` (teachers: `year` and `ws` of the half-year; faculty: `audienceId` the faculty; course: `audienceId` 1–6), window `from`–`to` (Asia/Bishkek), `minAnswers` (results shown from that many answers, at least 5), `freeTextReleased` (free-text answers shown to the teachers), `questions` (scale 1–5, single and multiple choice with `options`, free text). Questions are fixed once someone has answered (409 in_use).',
  request: z
    .object({
      id: idOrNew,
      title: lineField(200, true),
      description: textField(2000),
      target: z.enum(questionnaireTargets),
      year: z.optional(wholeNumber(2000, 2100)),
      ws: z.optional(wholeNumber(1, 3)),
      audienceId: z.optional(idInput),
      from: localMomentInput,
      to: localMomentInput,
      minAnswers: z._default(wholeNumber(5, 1000), 5),
      freeTextReleased: formFlag,
      questions: z.array(questionInput).check(z.minLength(1), z.maxLength(50)),
    })
    .check(
      z.superRefine((v, ctx) => {
        const push = (message: string, path: (string | number)[], params?: object) =>
          ctx.issues.push({ code: 'custom', message, path, input: undefined, ...(params ? { params } : {}) } as never);
        if (v.to <= v.from) push('after_start', ['to']);
        if (v.target === 'teachers') {
          if (v.year === undefined) push('required', ['year']);
          if (v.ws === undefined) push('required', ['ws']);
        }
        if ((v.target === 'faculty' || v.target === 'course') && v.audienceId === undefined)
          push('required', ['audienceId']);
        for (const [i, q] of v.questions.entries())
          if ((q.kind === 'single' || q.kind === 'multiple') && q.options.length < 2)
            push('too_few', ['questions', i, 'options'], { min: 2 });
      }),
    ),
  response: questionnaireRow,
});

export const questionnaireDelete = defineEndpoint({
  id: 'questionnaire.delete',
  method: 'POST',
  path: '/api/staff/questionnaires/delete.json',
  access: 'staff',
  audit: ['questionnaire.delete'],
  summary: 'Deletes questionnaire `id`: only one nobody has answered (409 in_use).',
  request: z.object({ id: idInput }),
  response: z.object({ deleted: z.boolean() }),
});
