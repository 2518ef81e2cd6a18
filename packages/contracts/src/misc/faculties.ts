import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { localizedName } from '../fields.ts';

export const faculty = z.object({
  id: z.number(),
  ...localizedName,
  shortName: z.string(),
});
export type Faculty = z.infer<typeof faculty>;

export const registeredFacultyList = defineEndpoint({
  id: 'misc.registeredFacultyList',
  method: 'POST',
  path: '/api/misc/registered-faculty-list.json',
  access: 'authenticated',
  summary:
    "The university's faculties, by id, with their names in the three portal languages and a short name (for example to address a news item to faculties). `id` in the body (the spec's payload) is ignored.",
  request: z.object({ id: z.optional(z.unknown()) }),
  response: z.array(faculty),
});
