import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { anyId, localizedName } from '../fields.ts';

/** A base (top-level) category of the library. */
export const baseBookCategory = z.object({
  id_baseBookCategory: z.number(),
  ...localizedName,
});
export type BaseBookCategory = z.infer<typeof baseBookCategory>;

/** A subcategory; books belong to one. */
export const bookCategory = z.object({
  id_bookCategory: z.number(),
  id_baseBookCategory: z.number(),
  ...localizedName,
});
export type BookCategory = z.infer<typeof bookCategory>;

export const baseBookCategories = defineEndpoint({
  id: 'library.baseBookCategories',
  method: 'POST',
  path: '/api/library/basebookcategories.json',
  access: 'authenticated',
  summary:
    "The library's base categories, in display order: a plain list (the web app adds the blank ' --- ' entry, id -1).",
  request: z.object({ ...callerEcho }),
  response: z.array(baseBookCategory),
});

export const bookCategories = defineEndpoint({
  id: 'library.bookCategories',
  method: 'POST',
  path: '/api/library/bookcategories.json',
  access: 'authenticated',
  summary:
    'The subcategories of base category `id_baseBookCategory`, in display order; -1 (or nothing) lists every subcategory. A plain list; an unknown base category gives an empty one.',
  request: z.object({ ...callerEcho, id_baseBookCategory: anyId }),
  response: z.array(bookCategory),
});
