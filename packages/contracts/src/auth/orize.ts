import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { credentials, sessionUser } from './user.ts';

export const orize = defineEndpoint({
  id: 'auth.orize',
  method: 'POST',
  path: '/api/auth/orize.json',
  access: 'public',
  summary: 'Sign in with login and password. Sets the HttpOnly `token` cookie and returns the session.',
  request: z.object({ login: credentials.login, password: credentials.password }),
  response: z.object({ token: z.string(), user: sessionUser }),
});
