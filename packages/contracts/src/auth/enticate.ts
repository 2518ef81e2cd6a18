import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { sessionUser } from './user.ts';

export const enticate = defineEndpoint({
  id: 'auth.enticate',
  method: 'POST',
  path: '/api/auth/enticate.json',
  access: 'public',
  summary:
    'Authenticate with a stored session: the `token` in the body, else the `token` cookie. 401 when neither is a live session.',
  request: z.object({ token: z.optional(z.string().check(z.maxLength(200))) }),
  response: z.object({ user: sessionUser }),
});
