import * as z from 'zod/mini';
import { callerEcho, defineEndpoint, emptyRequest } from '../endpoint.ts';
import { anyId, localizedName } from '../fields.ts';
import { bookCategory } from '../library/categories.ts';

// The dropdown lists of the study-materials screen. Each answers a plain list; the web app adds the blank ' --- '
// entry with id -1, and every filter accepts -1 (or nothing) as "any".

export const umkSemester = z.object({ id_semester: z.number(), number: z.number(), ...localizedName });
export const umkDiscipline = z.object({ id_discipline: z.number(), code: z.string(), ...localizedName });
export const umkExamType = z.object({ id_examination: z.number(), ...localizedName });
export const umkType = z.object({ id_typeUmk: z.number(), ...localizedName });
export const umkTeacher = z.object({ id_teacher: z.number(), t_fio: z.string() });

export const umkSemesters = defineEndpoint({
  id: 'umk.semesters',
  method: 'POST',
  path: '/api/umk/semesters.json',
  access: 'teacher',
  summary: 'Every semester of study (1–8), for the upload form and the filters of a teacher.',
  request: z.object({ ...callerEcho }),
  response: z.array(umkSemester),
});

export const umkStudentSemesters = defineEndpoint({
  id: 'umk.semestersForStudent',
  method: 'POST',
  path: '/api/umk/semestersforstud.json',
  access: 'student',
  summary: "The semesters of the calling student's disciplines (registrations and the group's teaching assignments).",
  request: z.object({ ...callerEcho }),
  response: z.array(umkSemester),
});

export const umkDisciplineScopes = ['mine', 'materials'] as const;

export const umkDisciplines = defineEndpoint({
  id: 'umk.disciplines',
  method: 'POST',
  path: '/api/umk/disciplines.json',
  access: 'teacher',
  summary:
    "Disciplines for a teacher, by name. `scope` 'mine' (default): the ones the caller teaches or has materials for, the choices of the upload form; 'materials': every discipline that has materials, for filtering. `id_semester` narrows to one semester (-1: any).",
  request: z.object({
    ...callerEcho,
    id_semester: anyId,
    scope: z._default(z.enum(umkDisciplineScopes), 'mine'),
  }),
  response: z.array(umkDiscipline),
});

export const umkStudentDisciplines = defineEndpoint({
  id: 'umk.disciplinesForStudent',
  method: 'POST',
  path: '/api/umk/disciplinesforstud.json',
  access: 'student',
  summary: "The calling student's disciplines, by name; `id_semester` narrows to one semester (-1: any).",
  request: z.object({ ...callerEcho, id_semester: anyId }),
  response: z.array(umkDiscipline),
});

export const umkStudentExamTypes = defineEndpoint({
  id: 'umk.examTypesForStudent',
  method: 'POST',
  path: '/api/umk/getstudentexamtypes.json',
  access: 'student',
  summary:
    "The examination types of the calling student's registrations, optionally for semester `id_semester` and discipline `id_discipline` (-1: any).",
  request: z.object({ ...callerEcho, id_semester: anyId, id_discipline: anyId }),
  response: z.array(umkExamType),
});

export const umkExamTypes = defineEndpoint({
  id: 'umk.examTypes',
  method: 'POST',
  path: '/api/umk/examtypes.json',
  access: 'authenticated',
  summary: 'Every examination type (exam, credit…), for the upload form and the filters of a teacher.',
  request: emptyRequest,
  response: z.array(umkExamType),
});

export const umkTeachers = defineEndpoint({
  id: 'umk.teachers',
  method: 'POST',
  path: '/api/umk/getumkteachers.json',
  access: 'authenticated',
  summary:
    'The teachers whose materials the caller can list (a student: those of the materials for them), by name; optionally for semester `id_semester` and discipline `id_discipline` (-1: any).',
  request: z.object({ ...callerEcho, id_semester: anyId, id_discipline: anyId }),
  response: z.array(umkTeacher),
});

export const umkTypes = defineEndpoint({
  id: 'umk.types',
  method: 'POST',
  path: '/api/umk/types.json',
  access: 'authenticated',
  summary: 'The kinds of study material (textbook, lecture notes…), in display order.',
  request: emptyRequest,
  response: z.array(umkType),
});

export const umkBookCategories = defineEndpoint({
  id: 'umk.bookCategories',
  method: 'POST',
  path: '/api/umk/bookcategories.json',
  access: 'authenticated',
  summary:
    "The library's subcategories, each with its base category's names: where a material 'available in e-library' goes.",
  request: emptyRequest,
  response: z.array(z.extend(bookCategory, { baseName: z.string(), baseNameKg: z.string(), baseNameEn: z.string() })),
});
