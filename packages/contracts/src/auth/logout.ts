import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';

export const logout = defineEndpoint({
  id: 'auth.logout',
  method: 'POST',
  path: '/api/auth/logout.json',
  access: 'public',
  summary: 'Revoke the current session (if any) and clear the cookie.',
  request: z.object({ logout: z.optional(z.unknown()) }),
  response: z.object({ loggedOut: z.boolean() }),
});
