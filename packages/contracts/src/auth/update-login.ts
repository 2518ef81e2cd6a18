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
    'Replace issued credentials: checks the old pair, then sets the new login and password (6+ characters with a digit, an upper- and a lower-case letter). On success the sms text is "Логин и пароль изменены": the spec\'s client looks for "изменены", so it stays Russian whatever the language. A refusal is an error (bad_credentials, weak_password with params.minLength, login_taken, validation with issues) whose data repeats its English message as the sms; the web app shows its own text for the code.',
  request: z.object({
    oldlog: credentials.login,
    oldpas: credentials.password,
    newlog: z
      .string()
      .check(z.trim(), z.minLength(3), z.maxLength(64), z.regex(/^[\p{L}\p{N}._@-]+$/u, 'login_characters')),
    newpas: credentials.password,
  }),
  response: smsReply,
});
