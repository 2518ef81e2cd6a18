import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';

export const profileData = defineEndpoint({
  id: 'profile.data',
  method: 'POST',
  path: '/api/profile/data.json',
  access: 'authenticated',
  summary: "The caller's personal data (the profile screen).",
  request: z.object({ ...callerEcho }),
  response: z.object({
    fullName: z.string(),
    lastName: z.string(),
    firstName: z.string(),
    patronymic: z.nullable(z.string()),
    role: z.number(),
    gender: z.nullable(z.enum(['male', 'female'])),
    birthDate: z.nullable(z.string()),
    nationality: z.nullable(z.string()),
    citizenship: z.nullable(z.string()),
    taxId: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    education: z.nullable(z.string()),
    group: z.nullable(z.string()),
    position: z.nullable(z.string()),
    faculty: z.nullable(z.string()),
  }),
});
