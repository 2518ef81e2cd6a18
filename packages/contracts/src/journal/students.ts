import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput, idOrNew, lineField } from '../fields.ts';
import { journalRequest, lessonRequest, periodFields, student, visitlogPath } from './common.ts';

/** Who a journal lists: the audience's students, those QR check-in accepted, and subgroups. */

export const journalStudents = defineEndpoint({
  id: 'journal.students',
  method: 'POST',
  path: visitlogPath('getstudentslist'),
  access: 'teacher',
  summary: "The students of a journal's audience, by name.",
  request: journalRequest,
  response: z.array(student),
});

export const journalQrStudents = defineEndpoint({
  id: 'journal.qrStudents',
  method: 'POST',
  path: visitlogPath('getqrstudentslist'),
  access: 'teacher',
  summary: 'The students of a lesson whom QR check-in accepted, with when (the first acceptance), earliest first.',
  request: lessonRequest,
  response: z.array(z.object({ ...student.shape, checkedAt: z.string() })),
});

const subgroupRequest = z.object({ ...periodFields, id_group: idInput, id_subgroup: idOrNew });

export const journalSubgroupStudents = defineEndpoint({
  id: 'journal.subgroupStudents',
  method: 'POST',
  path: visitlogPath('getstudentslistsubgroup'),
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
  path: visitlogPath('getstudentslistsubgroupupdate'),
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
  path: visitlogPath('deletestudentfromlist'),
  access: 'teacher',
  summary: 'Removes student id_student from subgroup id_subgroup (of a group the teacher teaches).',
  request: z.object({ ...periodFields, id_subgroup: idInput, id_student: idInput }),
  response: z.object({ removed: z.boolean() }),
});
