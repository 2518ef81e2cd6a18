import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { anyId, idInput, localizedName } from '../fields.ts';
import { assessment, groupTypes, lessonFields, periodFields, visitlogPath } from './common.ts';

/** Dropdowns of the journal screen: lesson kinds, study forms, the teacher's disciplines and audiences, slots, the mark scale. */

export const journalLessonKinds = defineEndpoint({
  id: 'journal.lessonKinds',
  method: 'POST',
  path: visitlogPath('getvidzaniatiy'),
  access: 'teacher',
  summary:
    "The lesson kinds of the calling teacher's assignments in the half-year (of discipline id_discipline, or any).",
  request: z.object({ ...periodFields, id_discipline: anyId }),
  response: z.array(z.object({ id_vid_zaniatiy: z.number(), ...localizedName })),
});

export const journalStudyForms = defineEndpoint({
  id: 'journal.studyForms',
  method: 'POST',
  path: visitlogPath('getfeducjournal'),
  access: 'teacher',
  summary:
    'The forms of study (id_f_educ: 1 full-time, 2 part-time) of the groups the calling teacher teaches in the half-year.',
  request: z.object(periodFields),
  response: z.array(z.object({ id_f_educ: z.number(), code: z.enum(['full_time', 'part_time']) })),
});

export const journalDisciplines = defineEndpoint({
  id: 'journal.disciplines',
  method: 'POST',
  path: visitlogPath('getdisciplineteacherjournal'),
  access: 'teacher',
  summary:
    'The disciplines the calling teacher teaches in the half-year (to groups of form of study id_f_educ, or any), with their credits and semester.',
  request: z.object({ ...periodFields, id_f_educ: anyId }),
  response: z.array(
    z.object({
      id_discipline: z.number(),
      code: z.string(),
      ...localizedName,
      kredits: z.number(),
      id_semester: z.number(),
    }),
  ),
});

export const journalAudiences = defineEndpoint({
  id: 'journal.audiences',
  method: 'POST',
  path: visitlogPath('getgroupteacherjournal'),
  access: 'teacher',
  summary:
    'The audiences whose journal of discipline id_discipline (and lesson kind id_vid_zaniatiy, or any) the calling teacher keeps: the groups they teach, the subgroups of those groups and their streams; groupType narrows the list.',
  request: z.object({
    ...periodFields,
    id_discipline: idInput,
    id_vid_zaniatiy: anyId,
    groupType: z.optional(z.enum(groupTypes)),
  }),
  response: z.array(
    z.object({
      groupType: z.enum(groupTypes),
      id_group: z.number(),
      name: z.string(),
      students: z.number(),
      kinds: z.array(z.number()),
    }),
  ),
});

export const journalTimeSlots = defineEndpoint({
  id: 'journal.timeSlots',
  method: 'POST',
  path: visitlogPath('getteachertimeid'),
  access: 'teacher',
  summary:
    "The bell schedule (id_time), and the slots of the calling teacher's timetable on date visitDate (of discipline id_discipline, or any): the hours the web app proposes.",
  request: z.object({ ...periodFields, visitDate: z.optional(lessonFields.visitDate), id_discipline: anyId }),
  response: z.object({
    timeSlots: z.array(z.object({ id_time: z.number(), number: z.number(), start: z.string(), end: z.string() })),
    scheduled: z.array(z.number()),
  }),
});

export const journalAssessments = defineEndpoint({
  id: 'journal.assessments',
  method: 'GET',
  path: visitlogPath('getassessments'),
  access: 'authenticated',
  summary:
    "The marks a journal cell takes, in order: grades with their points, '+' (present, no grade), 'н/б' (absent, 0 points).",
  request: emptyRequest,
  response: z.array(assessment),
});
