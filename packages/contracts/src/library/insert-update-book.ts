import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput, idOrNew, lineField, pagesInput, textField } from '../fields.ts';
import { eBook, libraryLimits } from './book.ts';
import { allowedUploadExtensions } from './common.ts';

/** The form fields of library.insertUpdateBook (multipart/form-data). */
export const insertUpdateBookFields = {
  id_eBook: 'id_eBook',
  /** The title; `nameBook` is accepted too. */
  name: 'name',
  nameBook: 'nameBook',
  author: 'author',
  description: 'description',
  totalPages: 'totalPages',
  id_bookCategory: 'id_bookCategory',
  /** Optional display name of the file (its extension decides the type). */
  fileName: 'fileName',
  /** The file part (any field name; `files` by convention). */
  files: 'files',
} as const;

export const insertUpdateBook = defineEndpoint({
  id: 'library.insertUpdateBook',
  method: 'POST',
  path: '/api/library/insertupdatebook.json',
  access: 'authenticated',
  requestKind: 'multipart',
  idempotent: true,
  summary: `Add a book (\`id_eBook\` -1 or absent) or change one (its id; its owner only). Teachers and staff upload; students get 403. Form fields: name (or nameBook; required, at most ${libraryLimits.nameMax} characters), author (at most ${libraryLimits.authorMax}), description (at most ${libraryLimits.descriptionMax}), totalPages (0–100000), id_bookCategory (a subcategory; required), fileName (optional display name), and one file part: required for a new book (400 \`file_required\`), optional on change (the old file is kept). Accepted types, by extension: ${allowedUploadExtensions.join(', ')} (415 \`unsupported_type\` otherwise; a .pdf must be a PDF). At most config.json's maxUploadMb (413). A book that comes from the study materials is changed there (409). Answers with the book.`,
  request: z
    .object({
      id_eBook: idOrNew,
      name: z.optional(lineField(libraryLimits.nameMax, true)),
      nameBook: z.optional(lineField(libraryLimits.nameMax, true)),
      author: lineField(libraryLimits.authorMax, false),
      description: textField(libraryLimits.descriptionMax),
      totalPages: pagesInput,
      id_bookCategory: idInput,
      fileName: z.optional(z.string().check(z.maxLength(1000))),
    })
    .check(
      z.refine((v) => v.name !== undefined || v.nameBook !== undefined, {
        error: 'required',
        path: ['name'],
      }),
    ),
  response: eBook,
});
