import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { anyId, formFlag, idInput, idOrNew, lineField, pagesInput, textField } from '../fields.ts';
import { allowedUploadExtensions } from '../library/common.ts';
import { umkAudiences, umkLimits, umkMaterial } from './material.ts';

/** The form fields of umk.insertOrUpdate (multipart/form-data). */
export const umkFormFields = {
  id_books: 'id_books',
  umkName: 'umkName',
  author: 'author',
  totalPages: 'totalPages',
  annotation: 'annotation',
  id_typeUmk: 'id_typeUmk',
  id_discipline: 'id_discipline',
  id_semester: 'id_semester',
  id_examination: 'id_examination',
  audience: 'audience',
  isLibrary: 'isLibrary',
  id_bookCategory: 'id_bookCategory',
  fileName: 'fileName',
  files: 'files',
} as const;

export const umkInsertOrUpdate = defineEndpoint({
  id: 'umk.insertOrUpdate',
  method: 'POST',
  path: '/api/umk/insertorupdateumk.json',
  access: 'teacher',
  requestKind: 'multipart',
  idempotent: true,
  summary: `Upload a study material (\`id_books\` -1 or absent) or change one of the caller's own (its id; 403 for another teacher's). Form fields: umkName (title; required, at most ${umkLimits.titleMax} characters), author, totalPages (0–100000), annotation (at most ${umkLimits.annotationMax}), id_typeUmk, id_discipline (one the caller teaches), id_semester, id_examination (all required), audience (${umkAudiences.join(', ')}; default all), isLibrary ('available in e-library': true/false) with id_bookCategory (a library subcategory; required when isLibrary), fileName (optional display name), and one file part: required for a new material (400 \`file_required\`: no file selected), optional on change. Accepted types, by extension: ${allowedUploadExtensions.join(', ')} (415 \`unsupported_type\` otherwise; a .pdf must be a PDF); at most config.json's maxUploadMb (413). With isLibrary the material also appears in the library as a book with isFromUmk, sharing its file; clearing the flag or deleting the material removes that book. Answers with the material.`,
  request: z
    .object({
      id_books: idOrNew,
      umkName: lineField(umkLimits.titleMax, true),
      author: lineField(umkLimits.authorMax, false),
      totalPages: pagesInput,
      annotation: textField(umkLimits.annotationMax),
      id_typeUmk: idInput,
      id_discipline: idInput,
      id_semester: idInput,
      id_examination: idInput,
      audience: z._default(z.enum(umkAudiences), 'all'),
      isLibrary: formFlag,
      id_bookCategory: anyId,
      fileName: z.optional(z.string().check(z.maxLength(1000))),
    })
    .check(
      z.refine((v) => !v.isLibrary || v.id_bookCategory !== null, {
        error: 'required_in_library',
        path: ['id_bookCategory'],
      }),
    ),
  response: umkMaterial,
});
