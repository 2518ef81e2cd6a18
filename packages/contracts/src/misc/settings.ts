import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';

export const settings = defineEndpoint({
  id: 'misc.settings',
  method: 'POST',
  path: '/misc/settings.json',
  access: 'authenticated',
  summary: "Portal settings for the caller's role.",
  request: z.object({ ...callerEcho }),
  response: z.object({
    universityName: z.string(),
    maxUploadMb: z.number(),
    electiveRegistration: z.boolean(),
    currentYear: z.number(),
    currentHalfYear: z.number(),
  }),
});
