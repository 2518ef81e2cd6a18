import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';

export const newsDelete = defineEndpoint({
  id: 'news.delete',
  method: 'POST',
  path: '/api/news/delete.json',
  access: 'newsPerms',
  summary:
    "Delete news item `id` with its attachments (from storage too). For users with the news permission; 404 when there is no such item in the caller's feed.",
  request: z.object({ id: idInput }),
  response: z.object({ id: z.number(), deleted: z.literal(true) }),
});
