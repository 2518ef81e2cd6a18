import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { namedRecord } from '../fields.ts';

export const settings = defineEndpoint({
  id: 'misc.settings',
  method: 'POST',
  path: '/misc/settings.json',
  access: 'authenticated',
  summary: "Portal settings for the caller's role; `university` is the institution's name in the three languages.",
  request: z.object({ ...callerEcho }),
  response: z.object({
    university: namedRecord,
    maxUploadMb: z.number(),
    electiveRegistration: z.boolean(),
    currentYear: z.number(),
    currentHalfYear: z.number(),
  }),
});
