import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { anyId, idInput, idOrNew, lineField, wholeNumber } from '../fields.ts';
import { journalRequest, lessonFields, lessonRequest, periodFields, visitlogPath } from './common.ts';

/** Topics and modules of a discipline's journal, and the topic of one lesson. */

const topicFields = {
  ...periodFields,
  id_discipline: idInput,
  id_vid_zaniatiy: idInput,
};
export const journalTopic = z.object({ id_tema: z.number(), module: z.number(), name: z.string(), hours: z.number() });
export type JournalTopic = z.infer<typeof journalTopic>;

export const journalTopics = defineEndpoint({
  id: 'journal.topics',
  method: 'POST',
  path: visitlogPath('gettemajournal'),
  access: 'teacher',
  summary:
    'The topics of a discipline and lesson kind in the half-year (of module `module`, or all), by module and order.',
  request: z.object({ ...topicFields, module: anyId }),
  response: z.array(journalTopic),
});

export const journalModules = defineEndpoint({
  id: 'journal.modules',
  method: 'POST',
  path: visitlogPath('getmodulejournal'),
  access: 'teacher',
  summary: 'The modules of a discipline and lesson kind in the half-year, with their topics and hours.',
  request: z.object(topicFields),
  response: z.array(z.object({ module: z.number(), topics: z.number(), hours: z.number() })),
});

export const journalTopicSave = defineEndpoint({
  id: 'journal.topicSave',
  method: 'POST',
  path: visitlogPath('savetemajournal'),
  access: 'teacher',
  summary:
    'Adds (id_tema -1) or edits a topic of a discipline and lesson kind: its module (1–9), name and hours (1–20).',
  request: z.object({
    ...topicFields,
    id_tema: idOrNew,
    module: wholeNumber(1, 9),
    name: lineField(300, true),
    hours: z._default(wholeNumber(1, 20), 2),
  }),
  response: journalTopic,
});

export const journalTopicReport = defineEndpoint({
  id: 'journal.topicReport',
  method: 'POST',
  path: visitlogPath('temareport'),
  access: 'teacher',
  summary: "A journal's topics report: each topic (or typed topic) with the dates it was given and the hours.",
  request: journalRequest,
  response: z.array(
    z.object({
      id_tema: z.nullable(z.number()),
      module: z.nullable(z.number()),
      name: z.string(),
      hours: z.number(),
      dates: z.array(z.string()),
    }),
  ),
});

export const journalLessonTopic = defineEndpoint({
  id: 'journal.lessonTopic',
  method: 'POST',
  path: visitlogPath('journalgetinputtema'),
  access: 'teacher',
  summary:
    "A lesson's topic: the topic of the list (id_tema) or the text typed; nulls when the lesson is not made yet.",
  request: lessonRequest,
  response: z.object({ id_lesson: z.nullable(z.number()), id_tema: z.nullable(z.number()), text: z.string() }),
});

export const journalLessonTopicSave = defineEndpoint({
  id: 'journal.lessonTopicSave',
  method: 'POST',
  path: visitlogPath('journalinsupdinputtema'),
  access: 'teacher',
  summary:
    "Sets a lesson's topic (the lesson is made if new: this is how a lesson is added): id_tema from the list (-1 none) and/or a typed text.",
  request: z.object({ ...lessonFields, id_tema: anyId, text: lineField(300, false) }),
  response: z.object({ id_lesson: z.number(), id_tema: z.nullable(z.number()), text: z.string() }),
});
