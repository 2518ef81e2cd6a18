import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { int4 } from '../input-guard.ts';

export const photo = defineEndpoint({
  id: 'misc.photo',
  method: 'POST',
  path: '/misc/photo.json',
  access: 'authenticated',
  summary: "The address of the caller's photo, or null when there is none (the web app shows a placeholder).",
  request: z.object({ ...callerEcho }),
  response: z.object({ url: z.nullable(z.string()) }),
});

export const photoImage = defineEndpoint({
  id: 'misc.photoImage',
  method: 'GET',
  path: '/misc/photo.image',
  access: 'authenticated',
  replyKind: 'file',
  summary: 'A user photo by user id. Any signed-in user may see photos.',
  request: z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(int4.max, 'is too large')) }),
  response: z.never(),
});

export const position = defineEndpoint({
  id: 'misc.position',
  method: 'POST',
  path: '/misc/position.json',
  access: 'teacher',
  summary: "The calling teacher's position (doljnost).",
  request: z.object({ id: z.optional(z.unknown()) }),
  response: z.object({ doljnost: z.nullable(z.string()) }),
});
