import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { formList, textField } from '../fields.ts';
import { newsAudiences, newsItem, newsLimits } from './news-item.ts';

/**
 * The form fields of news.insert (multipart/form-data). Files go in repeated parts (any field name, `files` by
 * convention); a file input left empty (no name, no bytes) is ignored.
 */
export const newsInsertFields = {
  text: 'text',
  audience: 'audience',
  /** Repeated, or one field of comma-separated ids. */
  faculties: 'faculties',
  /** Optional display names of the files, in their order: repeated, or one field joined by ';!;'. */
  fileName: 'fileName',
  files: 'files',
} as const;

export const newsInsert = defineEndpoint({
  id: 'news.insert',
  method: 'POST',
  path: '/api/news/insert.json',
  access: 'newsPerms',
  requestKind: 'multipart',
  idempotent: true,
  summary: `Post a news item (users with the news permission). Form fields: text (at most ${newsLimits.textMax} characters; required unless files are attached), audience (all, teachers or students), faculties (optional ids of existing faculties, repeated or comma-separated; none means every faculty), fileName (optional display names of the files, repeated or joined by ';!;', one per file), and up to ${newsLimits.filesMax} file parts. Each file is at most config.json's maxUploadMb (413 beyond). Names are sanitised (no paths or control characters, at most ${newsLimits.fileNameMax} characters, unique within the item). Answers with the new item.`,
  request: z.object({
    text: textField(newsLimits.textMax),
    audience: z.enum(newsAudiences),
    faculties: z._default(
      z.pipe(
        z.pipe(
          z.pipe(
            formList,
            z.transform((list) =>
              list
                .flatMap((v) => v.split(','))
                .map((v) => v.trim())
                .filter((v) => v !== ''),
            ),
          ),
          z.array(z.string().check(z.regex(/^\d{1,9}$/, 'not_integer'))).check(z.maxLength(newsLimits.facultiesMax)),
        ),
        z.transform((ids) => [...new Set(ids.map(Number))]),
      ),
      [],
    ),
    fileName: z.optional(formList),
  }),
  response: newsItem,
});
