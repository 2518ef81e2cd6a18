import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { anyId, idInput, localizedName } from '../fields.ts';
import { surveyQuestionKinds } from './manage.ts';

/**
 * Results, once the questionnaire has closed, only for targets with at least its `minAnswers` answers: per question
 * the mean (scale), the distribution and the count, with the department's and the faculty's means beside a teacher's.
 */
const questionResult = z.object({
  id: z.number(),
  kind: z.enum(surveyQuestionKinds),
  text: z.string(),
  count: z.number(),
  mean: z.nullable(z.number()),
  /** Answers per value: scale 1–5 (index 0 is 1), or per option. */
  distribution: z.array(z.number()),
  options: z.array(z.string()),
  departmentMean: z.nullable(z.number()),
  facultyMean: z.nullable(z.number()),
  /** Free-text answers, shuffled: to staff, and to the teacher once staff release them. */
  texts: z.array(z.string()),
});

export const targetResult = z.object({
  id_teacher: z.number(),
  teacher: z.string(),
  id_discipline: z.number(),
  discipline: z.object(localizedName),
  answers: z.number(),
  questions: z.array(questionResult),
});
export type TargetResult = z.infer<typeof targetResult>;

export const surveyResults = z.object({
  id: z.number(),
  title: z.string(),
  closesAt: z.string(),
  minAnswers: z.number(),
  targets: z.array(targetResult),
  /** Targets not shown: fewer answers than the threshold. */
  hidden: z.number(),
});
export type SurveyResults = z.infer<typeof surveyResults>;

export const questionnaireResults = defineEndpoint({
  id: 'questionnaire.results',
  method: 'POST',
  path: '/api/staff/questionnaires/results.json',
  access: 'staff',
  summary:
    'The results of closed questionnaire `id`, per target (409 results_hidden while open). Filter by `id_faculty` or `id_department` of the teachers: a filter that leaves fewer answers than the threshold is refused (409 too_few_answers).',
  request: z.object({ id: idInput, id_faculty: anyId, id_department: anyId }),
  response: surveyResults,
});

export const questionnaireMine = defineEndpoint({
  id: 'questionnaire.mine',
  method: 'POST',
  path: '/api/questionnaires/mine.json',
  access: 'teacher',
  summary:
    "The teacher's own results: each closed `teachers` questionnaire, per discipline with at least the threshold of answers, beside the department's and the faculty's means. Free texts only once staff release them. Individual answers are never shown.",
  request: z.object({}),
  response: z.array(surveyResults),
});

export const questionnaireExport = defineEndpoint({
  id: 'questionnaire.export',
  method: 'GET',
  path: '/api/staff/questionnaires/export.xlsx',
  access: 'staff',
  replyKind: 'file',
  summary:
    'The results of closed questionnaire `id` as XLSX: one row per target and question (mean, count, distribution), the question fields only, nothing about who answered.',
  request: z.object({ id: idInput }),
  response: z.never(),
});
