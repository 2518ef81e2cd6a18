import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { anyId, localizedName } from '../fields.ts';
import {
  journal,
  journalLesson,
  journalRequest,
  journalTotals,
  lessonRequest,
  periodFields,
  visitlogPath,
} from './common.ts';

/** A journal's table (the teacher's and the student's own), and deleting a lesson or a journal. */

export const teacherJournal = defineEndpoint({
  id: 'journal.teacher',
  method: 'POST',
  path: visitlogPath('getjournal'),
  access: 'teacher',
  summary:
    "A journal: its lessons by date and slot, and a row per student of the audience with the marks, total absences ('н/б'), total points and the average grade rounded to 2 decimals.",
  request: journalRequest,
  response: journal,
});

export const studentJournal = defineEndpoint({
  id: 'journal.student',
  method: 'POST',
  path: visitlogPath('getjournalforstudent'),
  access: 'student',
  summary:
    "The calling student's journals in the half-year (of discipline id_discipline, or all): per discipline and lesson kind, the lessons with their marks, absences, points and average.",
  request: z.object({ ...periodFields, id_discipline: anyId }),
  response: z.array(
    z.object({
      id_discipline: z.number(),
      discipline: z.object(localizedName),
      id_vid_zaniatiy: z.number(),
      lessonKind: z.object(localizedName),
      teachers: z.array(z.string()),
      dates: z.array(z.object({ ...journalLesson.shape, id_otsenka: z.nullable(z.number()) })),
      ...journalTotals.shape,
    }),
  ),
});

export const journalDeleteLesson = defineEndpoint({
  id: 'journal.deleteLesson',
  method: 'POST',
  path: visitlogPath('journal/delete'),
  access: 'teacher',
  summary: 'Deletes one lesson of a journal and its marks; 404 when there is no such lesson.',
  request: lessonRequest,
  response: z.object({ deleted: z.number() }),
});

export const journalDelete = defineEndpoint({
  id: 'journal.delete',
  method: 'POST',
  path: visitlogPath('journal/deletejournal'),
  access: 'teacher',
  summary: 'Deletes a whole journal: every lesson and mark of it.',
  request: journalRequest,
  response: z.object({ deleted: z.number() }),
});
