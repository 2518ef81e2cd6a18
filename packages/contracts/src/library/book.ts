import * as z from 'zod/mini';
import { fileInfo } from './common.ts';

/** Limits of the library, shared by the server (enforced) and the web app (hinted). */
export const libraryLimits = {
  /** Books per page of the list. */
  pageSize: 20,
  nameMax: 300,
  authorMax: 300,
  descriptionMax: 5000,
  /** Characters of search text (after trimming and collapsing spaces). */
  searchMax: 100,
} as const;

/**
 * A book of the library (spec: E-book). `name` and `nameBook` carry the same title. `isFromUmk`: the book is a study
 * material a teacher made available in the library (`id_books` names it); such a book changes with its material and
 * disappears when the material is deleted.
 */
export const eBook = z.object({
  id_eBook: z.number(),
  name: z.string(),
  nameBook: z.string(),
  author: z.string(),
  description: z.string(),
  /** 0 when unknown. */
  totalPages: z.number(),
  /** The file's display name ('' for a book without a file). */
  fileName: z.string(),
  file: z.nullable(fileInfo),
  id_bookCategory: z.number(),
  id_baseBookCategory: z.number(),
  isFromUmk: z.boolean(),
  /** The study material the book comes from, or null. */
  id_books: z.nullable(z.number()),
  /** Who uploaded it: user id and role (1 teacher, 3 staff), with the name. */
  owner: z.object({ id: z.number(), type: z.number(), name: z.string() }),
  /** ISO 8601, UTC. */
  created: z.string(),
  /** Whether the caller may change it (its owner; a book from the study materials is changed there). */
  canEdit: z.boolean(),
  /** Whether the caller may delete it (its owner, or staff). */
  canDelete: z.boolean(),
});
export type EBook = z.infer<typeof eBook>;
