import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const logout = defineEndpoint({
  id: 'auth.logout',
  method: 'POST',
  path: '/api/auth/logout.json',
  access: 'public',
  summary: 'Revoke the current session (if any) and clear the cookie.',
  request: z.object({ logout: z.unknown().optional() }),
  response: z.object({ loggedOut: z.boolean() }),
});
