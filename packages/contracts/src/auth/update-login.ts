import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { credentials } from './user.ts';

/** The spec's shape: a list of lists whose first item carries the `sms` text. */
export const smsReply = z.array(z.array(z.object({ sms: z.string() })));

export const updateLogin = defineEndpoint({
  id: 'auth.updateLogin',
  method: 'POST',
  path: '/api/auth/updatelogin.json',
  access: 'public',
  summary:
    'Replace issued credentials: checks the old pair, then sets the new login and password (6+ characters with a digit, an upper- and a lower-case letter). On success the sms text contains "изменены".',
  request: z.object({
    oldlog: credentials.login,
    oldpas: credentials.password,
    newlog: z
      .string()
      .check(
        z.trim(),
        z.minLength(3, 'The new login needs at least 3 characters'),
        z.maxLength(64, 'The new login is at most 64 characters'),
        z.regex(/^[\p{L}\p{N}._@-]+$/u, 'The new login may hold letters, digits and . _ @ - only'),
      ),
    newpas: credentials.password,
  }),
  response: smsReply,
});
