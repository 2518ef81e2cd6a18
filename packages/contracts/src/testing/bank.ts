import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput, idOrNew, lineField, localizedName, textField, wholeNumber } from '../fields.ts';
import { questionImage } from './images.ts';

/**
 * Online tests (issue 42): the question bank of a discipline, kept by the teachers who teach it. A question is one of
 * five kinds; `options` are a choice's answers, `pairs` a matching's rows (left matched to right), `accepted` a short
 * text's answers (case and spacing ignored), `value` ± `tolerance` a number's.
 */
export const questionKinds = ['single', 'multiple', 'text', 'number', 'matching'] as const;
export type QuestionKind = (typeof questionKinds)[number];

export const bankLimits = { options: 12, accepted: 20, pairs: 12, points: 100, text: 4000, option: 500 } as const;

const optionText = lineField(bankLimits.option, true);
const finite = z.number().check(
  z.refine((v) => Number.isFinite(v) && Math.abs(v) <= 1e12, {
    error: 'out_of_range',
    params: { min: -1e12, max: 1e12 },
  }),
);

const pair = z.object({ left: optionText, right: optionText });

/** A question as its teachers see and edit it (the correct answers included). */
export const bankQuestion = z.object({
  id: z.number(),
  id_discipline: z.number(),
  topic: z.string(),
  kind: z.enum(questionKinds),
  text: z.string(),
  points: z.number(),
  options: z.array(z.string()),
  correct: z.array(z.number()),
  accepted: z.array(z.string()),
  value: z.nullable(z.number()),
  tolerance: z.nullable(z.number()),
  pairs: z.array(z.object({ left: z.string(), right: z.string() })),
  /** Attempts that have drawn it: its kind and answers are then kept (a new question replaces it). */
  used: z.number(),
  /** Its image, if any (questionImageSave sets it). */
  image: z.nullable(questionImage),
});
export type BankQuestion = z.infer<typeof bankQuestion>;

/** A discipline the teacher teaches, with the audiences a test of it may have. */
export const teachingDiscipline = z.object({
  id_discipline: z.number(),
  ...localizedName,
  audiences: z.array(z.object({ kind: z.enum(['group', 'subgroup', 'stream']), id: z.number(), name: z.string() })),
  topics: z.array(z.string()),
  questions: z.number(),
  /** The control points of its grading sheet (numbered from 1, with their maximum), which a test may feed. */
  controlPoints: z.array(z.object({ number: z.number(), max: z.number() })),
});
export type TeachingDiscipline = z.infer<typeof teachingDiscipline>;

export const testingDisciplines = defineEndpoint({
  id: 'testing.disciplines',
  method: 'POST',
  path: '/api/testing/disciplines.json',
  access: 'teacher',
  summary:
    "The disciplines the teacher teaches (any half-year), each with the audiences a test may have (the groups, subgroups and streams of the teacher's teaching), the bank's topics and its number of questions.",
  request: z.object({}),
  response: z.array(teachingDiscipline),
});

export const bankList = defineEndpoint({
  id: 'testing.bank',
  method: 'POST',
  path: '/api/testing/bank.json',
  access: 'teacher',
  summary: 'The question bank of discipline `id_discipline` (one the teacher teaches), by topic.',
  request: z.object({ id_discipline: idInput }),
  response: z.array(bankQuestion),
});

type Issue = { code: 'custom'; message: string; path: (string | number)[]; input: unknown; params?: object };

export const questionSave = defineEndpoint({
  id: 'testing.questionSave',
  method: 'POST',
  path: '/api/testing/question/save.json',
  access: 'teacher',
  summary:
    'Creates (`id` -1) or changes a question of discipline `id_discipline`. single: `options` (2+) and one `correct` index; multiple: `options` and 1+ `correct` indexes; text: `accepted` answers; number: `value` and `tolerance`; matching: 2+ `pairs`. A question some attempt has drawn keeps its kind.',
  request: z
    .object({
      id: idOrNew,
      id_discipline: idInput,
      topic: lineField(100, false),
      kind: z.enum(questionKinds),
      text: z.pipe(textField(bankLimits.text), z.string().check(z.minLength(1, 'required'))),
      points: z._default(wholeNumber(1, bankLimits.points), 1),
      options: z._default(z.array(optionText).check(z.maxLength(bankLimits.options)), []),
      correct: z._default(z.array(wholeNumber(0, bankLimits.options - 1)).check(z.maxLength(bankLimits.options)), []),
      accepted: z._default(z.array(lineField(200, true)).check(z.maxLength(bankLimits.accepted)), []),
      value: z.optional(finite),
      tolerance: z._default(z.number().check(z.gte(0), z.lte(1e9)), 0),
      pairs: z._default(z.array(pair).check(z.maxLength(bankLimits.pairs)), []),
    })
    .check(
      z.superRefine((v, ctx) => {
        const push = (issue: Omit<Issue, 'code'>) => ctx.issues.push({ code: 'custom', ...issue } as never);
        if (v.kind === 'single' || v.kind === 'multiple') {
          if (v.options.length < 2)
            push({ message: 'too_few', params: { min: 2 }, path: ['options'], input: v.options });
          const unique = new Set(v.correct);
          if (
            v.correct.length < 1 ||
            (v.kind === 'single' && v.correct.length !== 1) ||
            unique.size !== v.correct.length
          )
            push({ message: 'invalid_choice', params: { options: 'index' }, path: ['correct'], input: v.correct });
          for (const [i, c] of v.correct.entries())
            if (c >= v.options.length)
              push({
                message: 'out_of_range',
                params: { min: 0, max: Math.max(0, v.options.length - 1) },
                path: ['correct', i],
                input: c,
              });
        } else if (v.kind === 'text') {
          if (v.accepted.length < 1)
            push({ message: 'too_few', params: { min: 1 }, path: ['accepted'], input: v.accepted });
        } else if (v.kind === 'number') {
          if (v.value === undefined) push({ message: 'required', path: ['value'], input: v.value });
        } else if (v.pairs.length < 2)
          push({ message: 'too_few', params: { min: 2 }, path: ['pairs'], input: v.pairs });
      }),
    ),
  response: bankQuestion,
});

export const questionDelete = defineEndpoint({
  id: 'testing.questionDelete',
  method: 'POST',
  path: '/api/testing/question/delete.json',
  access: 'teacher',
  summary:
    'Removes question `id` from its bank. Tests drawing from the bank no longer draw it; attempts that drew it keep it.',
  request: z.object({ id: idInput }),
  response: z.object({ deleted: z.boolean() }),
});
