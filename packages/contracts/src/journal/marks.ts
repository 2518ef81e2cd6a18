import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput, idOrNone } from '../fields.ts';
import { journalTotals, lessonFields, periodFields, visitlogPath } from './common.ts';

/** Marks: one cell, and a whole lesson present. */

const markResult = z.object({
  id_lesson: z.number(),
  id_student: z.number(),
  id_studentJournalVisit: z.nullable(z.number()),
  id_otsenka: z.nullable(z.number()),
  ...journalTotals.shape,
});

export const journalMarkUpdate = defineEndpoint({
  id: 'journal.markUpdate',
  method: 'POST',
  path: visitlogPath('studentvisitupdate'),
  access: 'teacher',
  summary:
    "Changes mark id_studentJournalVisit to assessment id_otsenka (-1 clears it); the reply has the student's new totals in the journal.",
  request: z.object({ ...periodFields, id_studentJournalVisit: idInput, id_otsenka: idOrNone }),
  response: markResult,
});

export const journalMarkSave = defineEndpoint({
  id: 'journal.markSave',
  method: 'POST',
  path: visitlogPath('studentvisitupdate2'),
  access: 'teacher',
  summary:
    "Sets student id_student's mark of a lesson (made if new) to id_otsenka (-1 clears it). Two teachers saving the same cell meet in one row: the last save wins. The reply has the student's new totals.",
  request: z.object({ ...lessonFields, id_student: idInput, id_otsenka: idOrNone }),
  response: markResult,
});

export const journalAllPresent = defineEndpoint({
  id: 'journal.allPresent',
  method: 'POST',
  path: visitlogPath('studentvisitinsertall'),
  access: 'teacher',
  summary:
    "Marks every student of a lesson (made if new) who has no mark yet with id_otsenka (default '+', present); marks already given stay.",
  request: z.object({ ...lessonFields, id_otsenka: z.optional(idInput) }),
  response: z.object({ id_lesson: z.number(), inserted: z.number() }),
});
