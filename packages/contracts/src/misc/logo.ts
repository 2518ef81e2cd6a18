import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { localizedName } from '../fields.ts';

export const logo = defineEndpoint({
  id: 'misc.logo',
  method: 'GET',
  path: '/logo.json',
  access: 'public',
  summary:
    "Branding of the sign-in screen: logo address (`/logo.image?v=…`, a new version with each new logo), its width in percent, the institution's name (`name` Russian, as the spec's; `nameKg`, `nameEn`: '' where missing) and its font size in px.",
  request: emptyRequest,
  response: z.object({ logo: z.string(), width: z.number(), ...localizedName, fontsize: z.number() }),
});

export const logoImage = defineEndpoint({
  id: 'misc.logoImage',
  method: 'GET',
  path: '/logo.image',
  access: 'public',
  replyKind: 'file',
  summary: 'The logo image itself, from storage.',
  request: emptyRequest,
  response: z.never(),
});
