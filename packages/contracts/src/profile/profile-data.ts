import { z } from 'zod';
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
    patronymic: z.string().nullable(),
    role: z.number(),
    gender: z.enum(['male', 'female']).nullable(),
    birthDate: z.string().nullable(),
    nationality: z.string().nullable(),
    citizenship: z.string().nullable(),
    taxId: z.string().nullable(),
    phone: z.string().nullable(),
    education: z.string().nullable(),
    group: z.string().nullable(),
    position: z.string().nullable(),
    faculty: z.string().nullable(),
  }),
});
