import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';

export const umkDelete = defineEndpoint({
  id: 'umk.delete',
  method: 'POST',
  path: '/api/umk/deletebook.json',
  access: 'teacher',
  summary:
    "Delete study material `id_books` with its file and its library entry, if it has one. The teacher who uploaded it only (403 for another's; 404 for an unknown one). The web app asks for confirmation first.",
  request: z.object({ id_books: idInput }),
  response: z.object({ id_books: z.number(), deleted: z.literal(true) }),
});
