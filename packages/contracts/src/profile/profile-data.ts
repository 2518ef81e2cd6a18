import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { namedRecord } from '../fields.ts';

export const profileData = defineEndpoint({
  id: 'profile.data',
  method: 'POST',
  path: '/api/profile/data.json',
  access: 'authenticated',
  summary:
    "The caller's personal data (the profile screen). Reference values (nationality, citizenship, education, a teacher's position, the faculty) come named in the three languages ('' where a name is missing: show the Russian one); a woman's nationality in its Russian feminine form.",
  request: z.object({ ...callerEcho }),
  response: z.object({
    fullName: z.string(),
    lastName: z.string(),
    firstName: z.string(),
    patronymic: z.nullable(z.string()),
    role: z.number(),
    gender: z.nullable(z.enum(['male', 'female'])),
    birthDate: z.nullable(z.string()),
    nationality: z.nullable(namedRecord),
    citizenship: z.nullable(namedRecord),
    taxId: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    education: z.nullable(namedRecord),
    group: z.nullable(z.string()),
    position: z.nullable(namedRecord),
    faculty: z.nullable(namedRecord),
  }),
});
