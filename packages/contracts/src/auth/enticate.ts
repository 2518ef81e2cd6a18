import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { sessionUser } from './user.ts';

export const enticate = defineEndpoint({
  id: 'auth.enticate',
  method: 'POST',
  path: '/api/auth/enticate.json',
  access: 'public',
  summary:
    'Authenticate with a stored session: the `token` in the body, else the `token` cookie. 401 when neither is a live session.',
  request: z.object({ token: z.string().max(200).optional() }),
  response: z.object({ user: sessionUser }),
});
