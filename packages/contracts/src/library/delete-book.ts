import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';

export const deleteBook = defineEndpoint({
  id: 'library.deleteBook',
  method: 'POST',
  path: '/api/library/deleteebook.json',
  access: 'authenticated',
  summary:
    "Delete book `id_eBook` (its file too). Its owner or staff only (403 otherwise, 404 for an unknown book). A book from the study materials only leaves the library: the material and its file stay, its 'available in e-library' flag is cleared.",
  request: z.object({ id_eBook: idInput }),
  response: z.object({ id_eBook: z.number(), deleted: z.literal(true) }),
});
