import * as z from 'zod/mini';
import { academicYearInput } from '../discipline/filters.ts';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';

/** A student's group in an academic year, with the course (year of study) it is then. */
export const studentGroup = z.object({
  id_group: z.number(),
  name: z.string(),
  id_a_year: z.number(),
  course: z.number(),
  studyForm: z.enum(['full_time', 'part_time']),
});
export type StudentGroup = z.infer<typeof studentGroup>;

export const getGroups = defineEndpoint({
  id: 'misc.groups',
  method: 'POST',
  path: '/misc/getgroups.json',
  access: 'authenticated',
  summary:
    "The groups of student id_student in academic year id_a_year (default: the current one): empty before the student's admission. A student asks about themself (id_student may be left out); a teacher about the students of the groups they teach that year; staff about anyone. Another's id answers 403, an id that is no student's 404.",
  request: z.object({
    ...callerEcho,
    id_a_year: z.optional(academicYearInput),
    id_student: z.optional(idInput),
  }),
  response: z.array(studentGroup),
});
