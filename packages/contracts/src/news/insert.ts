import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
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

/** A multipart field arrives as a string, or as a list when repeated. */
const formList = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((v) => (Array.isArray(v) ? v : [v])),
);

/** Control characters other than line breaks and tabs are dropped; line breaks become \n. */
function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .trim();
}

export const newsInsert = defineEndpoint({
  id: 'news.insert',
  method: 'POST',
  path: '/api/news/insert.json',
  access: 'newsPerms',
  requestKind: 'multipart',
  idempotent: true,
  summary: `Post a news item (users with the news permission). Form fields: text (at most ${newsLimits.textMax} characters; required unless files are attached), audience (all, teachers or students), faculties (optional ids of existing faculties, repeated or comma-separated; none means every faculty), fileName (optional display names of the files, repeated or joined by ';!;', one per file), and up to ${newsLimits.filesMax} file parts. Each file is at most config.json's maxUploadMb (413 beyond). Names are sanitised (no paths or control characters, at most ${newsLimits.fileNameMax} characters, unique within the item). Answers with the new item.`,
  request: z.object({
    text: z._default(
      z.pipe(
        z.pipe(z.string(), z.transform(cleanText)),
        z.string().check(z.maxLength(newsLimits.textMax, `is at most ${newsLimits.textMax} characters`)),
      ),
      '',
    ),
    audience: z.enum(newsAudiences, `must be one of: ${newsAudiences.join(', ')}`),
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
          z
            .array(z.string().check(z.regex(/^\d{1,9}$/, 'must be faculty ids (whole numbers)')))
            .check(z.maxLength(newsLimits.facultiesMax, `at most ${newsLimits.facultiesMax} faculties`)),
        ),
        z.transform((ids) => [...new Set(ids.map(Number))]),
      ),
      [],
    ),
    fileName: z.optional(formList),
  }),
  response: newsItem,
});
