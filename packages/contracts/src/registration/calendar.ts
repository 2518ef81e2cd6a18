import * as z from 'zod/mini';
import { academicYearInput } from '../discipline/filters.ts';
import { callerEcho, defineEndpoint, emptyRequest } from '../endpoint.ts';
import { yearOption } from '../misc/years.ts';
import { registrationWindow, studySemester } from './common.ts';

export const registrationDefaultYear = defineEndpoint({
  id: 'registration.defaultYear',
  method: 'POST',
  path: '/api/regfordisciplines/getdefyear.json',
  access: 'student',
  summary:
    "The half-year registration is for by default: the one whose registration window is open now (closing first), else the next to open, else today's.",
  request: z.object({ ...callerEcho }),
  response: z.object({ id_a_year: z.number(), name: z.string(), ws: z.number() }),
});

export const registrationYears = defineEndpoint({
  id: 'registration.years',
  method: 'GET',
  path: '/api/regfordisciplines/getyears.json',
  access: 'student',
  summary: "The six academic-year options 'YYYY-YY' (current year minus 4 to plus 1); the id is the starting year.",
  request: emptyRequest,
  response: z.array(yearOption),
});

/** A half-year of an academic year (the spec's semesters: fall, spring, summer), as registration sees it. */
export const registrationHalfYear = z.object({
  /** 1 fall, 2 spring, 3 summer. */
  ws: z.number(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** Its registration window, or null when it has none. */
  window: z.nullable(registrationWindow),
  /** The calling student's semester of study in it (null: none, as in summer or after graduation). */
  semester: z.nullable(studySemester),
});
export type RegistrationHalfYear = z.infer<typeof registrationHalfYear>;

export const registrationSemesters = defineEndpoint({
  id: 'registration.semesters',
  method: 'POST',
  path: '/api/regfordisciplines/getsemesters.json',
  access: 'student',
  summary:
    "The half-years of academic year `id_a_year` (default: the registration's default year), each with its registration window and the calling student's semester of study in it.",
  request: z.object({ ...callerEcho, id_a_year: z.optional(academicYearInput) }),
  response: z.object({ id_a_year: z.number(), halfYears: z.array(registrationHalfYear) }),
});
