import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';

export const deleteCheck = defineEndpoint({
  id: 'library.deleteCheck',
  method: 'POST',
  path: '/api/library/deletecheck.json',
  access: 'authenticated',
  summary:
    "Whether the caller may delete book `id_eBook`: its owner, or staff. `id_human` (the spec's human id) is accepted and ignored: the session decides. An unknown book answers false.",
  request: z.object({
    id_eBook: idInput,
    id_human: z.optional(z.union([z.number(), z.string()])),
  }),
  response: z.object({ id_eBook: z.number(), allowed: z.boolean() }),
});
