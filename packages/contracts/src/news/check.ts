import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';

export const newsCheckTypes = ['view', 'delete'] as const;

export const newsCheck = defineEndpoint({
  id: 'news.check',
  method: 'POST',
  path: '/api/news/check.json',
  access: 'authenticated',
  summary:
    "What the caller may do with news item `id`: `canView` (it is in the caller's feed), `canDelete` (the caller has the news permission and can see it). `type` ('view' or 'delete', default 'delete') picks which of the two `allowed` repeats. An unknown item answers false, never 404, so the call reveals nothing about items the caller cannot see.",
  request: z.object({
    id: idInput,
    type: z._default(z.enum(newsCheckTypes), 'delete'),
  }),
  response: z.object({
    id: z.number(),
    type: z.enum(newsCheckTypes),
    allowed: z.boolean(),
    canView: z.boolean(),
    canDelete: z.boolean(),
  }),
});
