import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { credentials } from './user.ts';

export const recovery = defineEndpoint({
  id: 'auth.recovery',
  method: 'POST',
  path: '/api/auth/recovery.json',
  access: 'public',
  summary:
    'LOG_PAS 1 when these are valid issued credentials that must be changed before sign-in; 0 otherwise (wrong credentials included, which count as a failed sign-in).',
  request: z.object({ oldlog: credentials.login, oldpas: credentials.password }),
  response: z.object({ LOG_PAS: z.union([z.literal(0), z.literal(1)]) }),
});
