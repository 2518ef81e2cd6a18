import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { credentials, sessionUser } from './user.ts';

export const orize = defineEndpoint({
  id: 'auth.orize',
  method: 'POST',
  path: '/api/auth/orize.json',
  access: 'public',
  summary:
    "Sign in with login and password. The session is the HttpOnly `token` cookie it sets; the reply holds the user. (The spec's reply also shows the token: the web app has no use for it, and a token scripts cannot read is one a cross-site script cannot steal, so it is left out.) Refused sign-ins (wrong credentials, issued credentials to change, a role with no area in the portal, too many failures) open no session and set no cookie.",
  request: z.object({ login: credentials.login, password: credentials.password }),
  response: z.object({ user: sessionUser }),
});
