import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { anyId, idInput, idOrNew, idOrNone, lineField, localizedName, wholeNumber } from '../fields.ts';
import {
  assessment,
  groupTypes,
  journal,
  journalFields,
  journalLesson,
  journalRequest,
  journalTotals,
  lessonFields,
  lessonRequest,
  periodFields,
  student,
} from './common.ts';

/** Every visit-log call is a POST to /api/visitlog/<name>.json unless it says otherwise. */
const path = (name: string) => `/api/visitlog/${name}.json`;

// Dropdowns and selection

export const journalLessonKinds = defineEndpoint({
  id: 'journal.lessonKinds',
  method: 'POST',
  path: path('getvidzaniatiy'),
  access: 'teacher',
  summary:
    "The lesson kinds of the calling teacher's assignments in the half-year (of discipline id_discipline, or any).",
  request: z.object({ ...periodFields, id_discipline: anyId }),
  response: z.array(z.object({ id_vid_zaniatiy: z.number(), ...localizedName })),
});

export const journalStudyForms = defineEndpoint({
  id: 'journal.studyForms',
  method: 'POST',
  path: path('getfeducjournal'),
  access: 'teacher',
  summary:
    'The forms of study (id_f_educ: 1 full-time, 2 part-time) of the groups the calling teacher teaches in the half-year.',
  request: z.object(periodFields),
  response: z.array(z.object({ id_f_educ: z.number(), code: z.enum(['full_time', 'part_time']) })),
});

export const journalDisciplines = defineEndpoint({
  id: 'journal.disciplines',
  method: 'POST',
  path: path('getdisciplineteacherjournal'),
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
  path: path('getgroupteacherjournal'),
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
  path: path('getteachertimeid'),
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
  path: path('getassessments'),
  access: 'authenticated',
  summary:
    "The marks a journal cell takes, in order: grades with their points, '+' (present, no grade), 'н/б' (absent, 0 points).",
  request: emptyRequest,
  response: z.array(assessment),
});

// Students and subgroups

export const journalStudents = defineEndpoint({
  id: 'journal.students',
  method: 'POST',
  path: path('getstudentslist'),
  access: 'teacher',
  summary: "The students of a journal's audience, by name.",
  request: journalRequest,
  response: z.array(student),
});

export const journalQrStudents = defineEndpoint({
  id: 'journal.qrStudents',
  method: 'POST',
  path: path('getqrstudentslist'),
  access: 'teacher',
  summary: 'The students of a lesson whom QR check-in accepted, with when (the first acceptance), earliest first.',
  request: lessonRequest,
  response: z.array(z.object({ ...student.shape, checkedAt: z.string() })),
});

const subgroupRequest = z.object({ ...periodFields, id_group: idInput, id_subgroup: idOrNew });

export const journalSubgroupStudents = defineEndpoint({
  id: 'journal.subgroupStudents',
  method: 'POST',
  path: path('getstudentslistsubgroup'),
  access: 'teacher',
  summary:
    "The students of group id_group with whether each is in subgroup id_subgroup (-1: a new one), and the group's subgroups. The teacher must teach the group in the half-year.",
  request: subgroupRequest,
  response: z.object({
    id_subgroup: z.nullable(z.number()),
    name: z.string(),
    subgroups: z.array(z.object({ id_subgroup: z.number(), name: z.string(), students: z.number() })),
    students: z.array(z.object({ ...student.shape, member: z.boolean() })),
  }),
});

export const journalSubgroupSave = defineEndpoint({
  id: 'journal.subgroupSave',
  method: 'POST',
  path: path('getstudentslistsubgroupupdate'),
  access: 'teacher',
  summary:
    'Creates (id_subgroup -1) or edits a subgroup of group id_group: its name and its students (each of the group; 400 not_in_group otherwise), replacing the list.',
  request: z.object({
    ...subgroupRequest.shape,
    name: lineField(60, true),
    students: z.array(idInput).check(z.minLength(1), z.maxLength(300)),
  }),
  response: z.object({ id_subgroup: z.number(), name: z.string(), students: z.number() }),
});

export const journalRemoveStudent = defineEndpoint({
  id: 'journal.removeStudent',
  method: 'POST',
  path: path('deletestudentfromlist'),
  access: 'teacher',
  summary: 'Removes student id_student from subgroup id_subgroup (of a group the teacher teaches).',
  request: z.object({ ...periodFields, id_subgroup: idInput, id_student: idInput }),
  response: z.object({ removed: z.boolean() }),
});

// Marks

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
  path: path('studentvisitupdate'),
  access: 'teacher',
  summary:
    "Changes mark id_studentJournalVisit to assessment id_otsenka (-1 clears it); the reply has the student's new totals in the journal.",
  request: z.object({ ...periodFields, id_studentJournalVisit: idInput, id_otsenka: idOrNone }),
  response: markResult,
});

export const journalMarkSave = defineEndpoint({
  id: 'journal.markSave',
  method: 'POST',
  path: path('studentvisitupdate2'),
  access: 'teacher',
  summary:
    "Sets student id_student's mark of a lesson (made if new) to id_otsenka (-1 clears it). Two teachers saving the same cell meet in one row: the last save wins. The reply has the student's new totals.",
  request: z.object({ ...lessonFields, id_student: idInput, id_otsenka: idOrNone }),
  response: markResult,
});

export const journalAllPresent = defineEndpoint({
  id: 'journal.allPresent',
  method: 'POST',
  path: path('studentvisitinsertall'),
  access: 'teacher',
  summary:
    "Marks every student of a lesson (made if new) who has no mark yet with id_otsenka (default '+', present); marks already given stay.",
  request: z.object({ ...lessonFields, id_otsenka: z.optional(idInput) }),
  response: z.object({ id_lesson: z.number(), inserted: z.number() }),
});

// Journals

export const teacherJournal = defineEndpoint({
  id: 'journal.teacher',
  method: 'POST',
  path: path('getjournal'),
  access: 'teacher',
  summary:
    "A journal: its lessons by date and slot, and a row per student of the audience with the marks, total absences ('н/б'), total points and the average grade rounded to 2 decimals.",
  request: journalRequest,
  response: journal,
});

export const studentJournal = defineEndpoint({
  id: 'journal.student',
  method: 'POST',
  path: path('getjournalforstudent'),
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
  path: path('journal/delete'),
  access: 'teacher',
  summary: 'Deletes one lesson of a journal and its marks; 404 when there is no such lesson.',
  request: lessonRequest,
  response: z.object({ deleted: z.number() }),
});

export const journalDelete = defineEndpoint({
  id: 'journal.delete',
  method: 'POST',
  path: path('journal/deletejournal'),
  access: 'teacher',
  summary: 'Deletes a whole journal: every lesson and mark of it.',
  request: journalRequest,
  response: z.object({ deleted: z.number() }),
});

// Topics

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
  path: path('gettemajournal'),
  access: 'teacher',
  summary:
    'The topics of a discipline and lesson kind in the half-year (of module `module`, or all), by module and order.',
  request: z.object({ ...topicFields, module: anyId }),
  response: z.array(journalTopic),
});

export const journalModules = defineEndpoint({
  id: 'journal.modules',
  method: 'POST',
  path: path('getmodulejournal'),
  access: 'teacher',
  summary: 'The modules of a discipline and lesson kind in the half-year, with their topics and hours.',
  request: z.object(topicFields),
  response: z.array(z.object({ module: z.number(), topics: z.number(), hours: z.number() })),
});

export const journalTopicSave = defineEndpoint({
  id: 'journal.topicSave',
  method: 'POST',
  path: path('savetemajournal'),
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
  path: path('temareport'),
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
  path: path('journalgetinputtema'),
  access: 'teacher',
  summary:
    "A lesson's topic: the topic of the list (id_tema) or the text typed; nulls when the lesson is not made yet.",
  request: lessonRequest,
  response: z.object({ id_lesson: z.nullable(z.number()), id_tema: z.nullable(z.number()), text: z.string() }),
});

export const journalLessonTopicSave = defineEndpoint({
  id: 'journal.lessonTopicSave',
  method: 'POST',
  path: path('journalinsupdinputtema'),
  access: 'teacher',
  summary:
    "Sets a lesson's topic (the lesson is made if new: this is how a lesson is added): id_tema from the list (-1 none) and/or a typed text.",
  request: z.object({ ...lessonFields, id_tema: anyId, text: lineField(300, false) }),
  response: z.object({ id_lesson: z.number(), id_tema: z.nullable(z.number()), text: z.string() }),
});

// Print and export

const exportRequest = z.object({ ...journalFields, lang: z._default(z.enum(['ru', 'kg', 'en']), 'ru') });

export const journalPdf = defineEndpoint({
  id: 'journal.pdf',
  method: 'GET',
  path: '/api/visitlog/journal/report.pdf',
  access: 'teacher',
  replyKind: 'file',
  summary: 'The journal as a PDF (A4 landscape) titled as a class activity journal, in language `lang`.',
  request: exportRequest,
  response: z.never(),
});

export const journalXlsx = defineEndpoint({
  id: 'journal.xlsx',
  method: 'GET',
  path: '/api/visitlog/journal/report.xlsx',
  access: 'teacher',
  replyKind: 'file',
  summary: 'The journal table as an Excel workbook (XLSX), in language `lang`.',
  request: exportRequest,
  response: z.never(),
});
