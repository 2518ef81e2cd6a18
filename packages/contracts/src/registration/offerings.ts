import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { anyId, idInput } from '../fields.ts';
import {
  disciplineFields,
  periodFields,
  registrationDiscipline,
  registrationOffering,
  registrationTeacher,
} from './common.ts';

// The choices of the registration form after the discipline: its teachers, then a teacher's streams and subgroups,
// each with its seats left (a full one says `full`). The plain calls are for the disciplines of the curriculum's
// plan, `optional/*` for electives (only with the permission), `bytype/*` for one lesson kind of either. A discipline
// outside the student's curriculum for the half-year is refused (403 not_in_curriculum), an elective without the
// permission too (403 elective_not_permitted).

const teacherSummary = 'by name, each with the lesson kinds they offer and their seats left together';
const offeringSummary =
  'by lesson kind and name, each with its capacity and seats left (`full` when none) and whether the caller holds it; `id_teacher` narrows to one teacher (-1: any)';

export const registrationTeachers = defineEndpoint({
  id: 'registration.teachers',
  method: 'POST',
  path: '/api/regfordisciplines/getteachersforregel.json',
  access: 'student',
  summary: `The teachers offering plan discipline \`id_discipline\` of the calling student's semester in the half-year, ${teacherSummary}.`,
  request: z.object(disciplineFields),
  response: z.array(registrationTeacher),
});

export const registrationOfferings = defineEndpoint({
  id: 'registration.offerings',
  method: 'POST',
  path: '/api/regfordisciplines/getsubgroupsforregel.json',
  access: 'student',
  summary: `The streams, groups and subgroups offered for plan discipline \`id_discipline\` in the half-year, ${offeringSummary}.`,
  request: z.object({ ...disciplineFields, id_teacher: anyId }),
  response: z.array(registrationOffering),
});

export const electiveDisciplines = defineEndpoint({
  id: 'registration.electives',
  method: 'POST',
  path: '/api/regfordisciplines/optional/disciplines.json',
  access: 'student',
  summary:
    "The electives of the calling student's semester in the half-year, by name, with their offerings' seats; empty without the elective permission.",
  request: z.object(periodFields),
  response: z.array(registrationDiscipline),
});

export const electiveTeachers = defineEndpoint({
  id: 'registration.electiveTeachers',
  method: 'POST',
  path: '/api/regfordisciplines/optional/teachers.json',
  access: 'student',
  summary: `The teachers offering elective \`id_discipline\` in the half-year, ${teacherSummary}.`,
  request: z.object(disciplineFields),
  response: z.array(registrationTeacher),
});

export const electiveOfferings = defineEndpoint({
  id: 'registration.electiveOfferings',
  method: 'POST',
  path: '/api/regfordisciplines/optional/subgroups.json',
  access: 'student',
  summary: `The sections of elective \`id_discipline\` in the half-year, ${offeringSummary}.`,
  request: z.object({ ...disciplineFields, id_teacher: anyId }),
  response: z.array(registrationOffering),
});

export const teachersByKind = defineEndpoint({
  id: 'registration.teachersByKind',
  method: 'POST',
  path: '/api/regfordisciplines/bytype/teacher.json',
  access: 'student',
  summary: `The teachers offering lesson kind \`id_vid_zaniatiy\` of discipline \`id_discipline\` (plan or elective) in the half-year, ${teacherSummary}.`,
  request: z.object({ ...disciplineFields, id_vid_zaniatiy: idInput }),
  response: z.array(registrationTeacher),
});

export const offeringsByKind = defineEndpoint({
  id: 'registration.offeringsByKind',
  method: 'POST',
  path: '/api/regfordisciplines/bytype/subgroups.json',
  access: 'student',
  summary: `The streams, groups and subgroups offered for lesson kind \`id_vid_zaniatiy\` of discipline \`id_discipline\` in the half-year, ${offeringSummary}.`,
  request: z.object({ ...disciplineFields, id_vid_zaniatiy: idInput, id_teacher: anyId }),
  response: z.array(registrationOffering),
});
