import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput, localizedName, namedRecord } from '../fields.ts';
import { filterFields, filterRequest } from './filters.ts';

// The filter lists of the spec (section 7, Filters): the dropdowns that narrow a year and half-year down to a semester,
// a discipline, a group and its people, as the chat, journal and registration screens use them. A teacher lists only
// what they teach, a student only their own. Each answers a plain list; the web app adds the blank ' --- ' entry (id
// -1). Every id given as a filter must be one of the caller's in that half-year: an unknown id answers 404, another's
// 403. The year and half-year default to today's; one the calendar does not have answers 404.

/** A discipline as the caller meets it in a half-year: with its semester, credits and whether it is an elective. */
export const filterDiscipline = z.object({
  id_discipline: z.number(),
  code: z.string(),
  ...localizedName,
  id_semester: z.number(),
  /** The semester of study, for showing ('3 семестр'). */
  semester: z.object({ number: z.number(), ...localizedName }),
  kredit: z.number(),
  isSelect: z.boolean(),
});
export type FilterDiscipline = z.infer<typeof filterDiscipline>;

export const filterSemester = z.object({ id_semester: z.number(), number: z.number(), ...localizedName });
export type FilterSemester = z.infer<typeof filterSemester>;

const subgroupItem = z.object({ id_subgroup: z.number(), name: z.string() });
const streamItem = z.object({ id_stream: z.number(), name: z.string() });

/** A group, with the subgroups and streams the caller meets it in (a student: their own). */
export const filterGroup = z.object({
  id_group: z.number(),
  name: z.string(),
  studyForm: z.enum(['full_time', 'part_time']),
  subgroups: z.array(subgroupItem),
  streams: z.array(streamItem),
});
export type FilterGroup = z.infer<typeof filterGroup>;

export const filterStudent = z.object({
  id_student: z.number(),
  fio: z.string(),
  id_group: z.number(),
  /** The student's subgroups in the group. */
  subgroups: z.array(z.number()),
});
export type FilterStudent = z.infer<typeof filterStudent>;

export const filterTeacher = z.object({
  id_teacher: z.number(),
  t_fio: z.string(),
  /** Their position, named in the three languages. */
  position: z.nullable(namedRecord),
  /** The disciplines they teach the caller (ids). */
  disciplines: z.array(z.number()),
});
export type FilterTeacher = z.infer<typeof filterTeacher>;

const narrowing = 'Narrowed by id_semester, id_discipline, kredit and isSelect when given.';

export const disciplineList = defineEndpoint({
  id: 'discipline.list',
  method: 'POST',
  path: '/api/discipline/list.json',
  access: 'teacher',
  summary: `The disciplines the calling teacher teaches in the half-year (year, ws), by name: one item per discipline, semester and credits. ${narrowing}`,
  request: filterRequest,
  response: z.array(filterDiscipline),
});

export const studentDisciplineList = defineEndpoint({
  id: 'discipline.listForStudent',
  method: 'POST',
  path: '/api/discipline/forStudentDisciplinelist.json',
  access: 'student',
  summary: `The calling student's disciplines in the half-year (year, ws): their registrations and what is taught to their group, subgroups and streams. ${narrowing}`,
  request: filterRequest,
  response: z.array(filterDiscipline),
});

export const semesterList = defineEndpoint({
  id: 'discipline.semesters',
  method: 'POST',
  path: '/api/semester/list.json',
  access: 'teacher',
  summary: 'The semesters of study the calling teacher teaches in the half-year (year, ws), by number.',
  request: filterRequest,
  response: z.array(filterSemester),
});

export const studentSemesterList = defineEndpoint({
  id: 'discipline.semestersForStudent',
  method: 'POST',
  path: '/api/studentSemester/list.json',
  access: 'student',
  summary: "The semesters of the calling student's disciplines in the half-year (year, ws), by number.",
  request: filterRequest,
  response: z.array(filterSemester),
});

export const groupList = defineEndpoint({
  id: 'discipline.groups',
  method: 'POST',
  path: '/api/group/list.json',
  access: 'teacher',
  summary: `The groups the calling teacher teaches in the half-year (year, ws), by name, with the subgroups and streams they teach them in. ${narrowing}`,
  request: filterRequest,
  response: z.array(filterGroup),
});

export const studentGroupList = defineEndpoint({
  id: 'discipline.groupsForStudent',
  method: 'POST',
  path: '/api/studentGroup/list.json',
  access: 'student',
  summary: "The calling student's group, with their own subgroups and the group's streams.",
  request: filterRequest,
  response: z.array(filterGroup),
});

export const studentsList = defineEndpoint({
  id: 'discipline.students',
  method: 'POST',
  path: '/api/students/list.json',
  access: 'teacher',
  summary: `The students of group id_group (required) whom the calling teacher teaches in the half-year (year, ws), by name: the whole group, or only the subgroups they teach it in. ${narrowing}`,
  request: z.object({ ...filterFields, id_group: idInput }),
  response: z.array(filterStudent),
});

export const teachersList = defineEndpoint({
  id: 'discipline.teachers',
  method: 'POST',
  path: '/api/teachers/list.json',
  access: 'student',
  summary: `The calling student's teachers in the half-year (year, ws), by name, with the disciplines each teaches them. ${narrowing}`,
  request: filterRequest,
  response: z.array(filterTeacher),
});
