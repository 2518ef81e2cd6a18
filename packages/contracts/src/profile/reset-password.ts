import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';

export const resetPassword = defineEndpoint({
  id: 'profile.resetPassword',
  method: 'POST',
  path: '/api/passwd/reset.json',
  access: 'authenticated',
  summary:
    "Change the caller's password: the old one must match; the new one needs 6+ characters with a digit, an upper- and a lower-case letter. Other sessions of the account are signed out.",
  request: z.object({
    password: z.string().check(z.minLength(1, 'required'), z.maxLength(128)),
    newPassword: z.string().check(z.minLength(4), z.maxLength(128)),
    ...callerEcho,
  }),
  response: z.object({ sms: z.string() }),
});
