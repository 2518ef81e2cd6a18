import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { periodFields, registrationDiscipline, registrationItem, registrationWindow, studySemester } from './common.ts';

export const registrationList = defineEndpoint({
  id: 'registration.list',
  method: 'POST',
  path: '/api/regfordisciplines/getreglist.json',
  access: 'student',
  summary:
    "The calling student's registrations in the half-year (`id_a_year`, `ws`; the default half-year when left out), by discipline; the plan disciplines of their semester they may register for (electives: optional/disciplines); the credits registered (`kredits`, each discipline counted once) and the window with its credit cap.",
  request: z.object(periodFields),
  response: z.object({
    id_a_year: z.number(),
    ws: z.number(),
    semester: z.nullable(studySemester),
    window: z.nullable(registrationWindow),
    kredits: z.number(),
    registrations: z.array(registrationItem),
    disciplines: z.array(registrationDiscipline),
  }),
});
