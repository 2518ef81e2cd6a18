import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { anyId, cleanLine, pageInput } from '../fields.ts';
import { eBook, libraryLimits } from './book.ts';

export const bookList = defineEndpoint({
  id: 'library.bookList',
  method: 'POST',
  path: '/api/library/getbooklist.json',
  access: 'authenticated',
  summary: `One page (${libraryLimits.pageSize} books, page 1 first) of the library, by title then id, optionally within base category \`id_baseBookCategory\` and subcategory \`id_bookCategory\` (-1 or nothing: any). \`search\` looks for the text anywhere in the title or the author, ignoring letter case. The reply says what the web app needs for its message: \`total\` is the number of books the list holds (all its pages); when a search finds nothing, \`fallback\` is true and the list holds every book of the chosen categories instead ('Поиск по [search] не дал результатов, показаны все файлы (total)'); otherwise \`found\` equals \`total\` ('Найдено found файлов'). Without search text, found = total and fallback is false.`,
  request: z.object({
    ...callerEcho,
    id_baseBookCategory: anyId,
    id_bookCategory: anyId,
    search: z._default(
      z.pipe(z.pipe(z.string(), z.transform(cleanLine)), z.string().check(z.maxLength(libraryLimits.searchMax))),
      '',
    ),
    page: pageInput,
  }),
  response: z.object({
    items: z.array(eBook),
    page: z.number(),
    pageSize: z.number(),
    hasMore: z.boolean(),
    /** Books in the list shown (every page): the matches, or on fallback every book of the chosen categories. */
    total: z.number(),
    /** Books matching the search (0 on fallback). */
    found: z.number(),
    /** True when a search found nothing and the list shows every book instead. */
    fallback: z.boolean(),
    /** The search text as applied (trimmed, spaces collapsed); '' without search. */
    search: z.string(),
  }),
});
