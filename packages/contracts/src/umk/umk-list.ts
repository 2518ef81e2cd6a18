import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { anyId, pageInput } from '../fields.ts';
import { umkLimits, umkMaterial } from './material.ts';

const filters = {
  ...callerEcho,
  id_semester: anyId,
  id_discipline: anyId,
  id_examination: anyId,
  id_teacher: anyId,
  id_typeUmk: anyId,
  page: pageInput,
};

const page = z.object({
  items: z.array(umkMaterial),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
  /** Materials matching the filters (every page). */
  total: z.number(),
});

export const umkList = defineEndpoint({
  id: 'umk.list',
  method: 'POST',
  path: '/api/umk/umklist.json',
  access: 'teacher',
  summary: `Study materials for teachers, newest first, ${umkLimits.pageSize} a page: every teacher's (colleagues share them; \`canEdit\` marks the caller's own), filtered by semester, discipline, examination type, teacher and material type (each -1 or absent: any).`,
  request: z.object(filters),
  response: page,
});

export const umkStudentList = defineEndpoint({
  id: 'umk.listForStudent',
  method: 'POST',
  path: '/api/umk/getumklistforstud.json',
  access: 'student',
  summary: `The study materials for the calling student, newest first, ${umkLimits.pageSize} a page: those of the student's disciplines (registrations and the group's teaching assignments) meant for all students or for the study form of the student's group. Same filters as umklist.`,
  request: z.object(filters),
  response: page,
});
