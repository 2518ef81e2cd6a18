import * as z from 'zod/mini';
import { int4 } from '../input-guard.ts';

/** Limits of the news area, shared by the server (enforced) and the web app (hinted). */
export const newsLimits = {
  /** Items per page of the feed (the same number as config.json's newsPageSize). */
  pageSize: 20,
  /** Characters of text, after trimming. */
  textMax: 5000,
  /** Attachments per item. */
  filesMax: 10,
  /** Characters of an attachment's display name. */
  fileNameMax: 200,
  /** Faculties one item may be addressed to. */
  facultiesMax: 50,
} as const;

/** Who an item is for. Items addressed to faculties are further limited to the users of those faculties. */
export const newsAudiences = ['all', 'teachers', 'students'] as const;
export type NewsAudience = (typeof newsAudiences)[number];

/** The spec's separator of attachment names in `fileName`. */
export const fileNameSeparator = ';!;';

/** The `type` the spec's download link carries for news attachments. */
export const newsFileType = '4';

/** A database id as the API accepts it: a positive whole number, or a string of digits. */
export const idInput = z.pipe(
  z.pipe(z.union([z.number(), z.string().check(z.regex(/^\d{1,10}$/, 'must be a whole number'))]), z.transform(Number)),
  z.number().check(z.int('must be a whole number'), z.gte(1, 'must be positive'), z.lte(int4.max, 'is too large')),
);

export const newsAttachment = z.object({
  /** Display name (sanitised at upload); unique within its item. */
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  /** The download address: GET, served as an attachment. */
  url: z.string(),
});
export type NewsAttachment = z.infer<typeof newsAttachment>;

export const newsFaculty = z.object({
  id: z.number(),
  shortName: z.string(),
  name: z.string(),
  nameKg: z.string(),
  nameEn: z.string(),
});

/**
 * A news item (spec: News item). The first five fields are the spec's; the rest are the same facts, structured.
 * - `p23-1`: the author as 'Full Name | Position' (teachers) or 'Full Name | Group' (students); just the name when
 *   there is neither.
 * - `fileName`: the attachment names joined by ';!;' ('' without attachments).
 * - `created`: ISO 8601, UTC.
 */
export const newsItem = z.object({
  id_eventMessage: z.number(),
  'p23-1': z.string(),
  message: z.string(),
  fileName: z.string(),
  created: z.string(),
  audience: z.enum(newsAudiences),
  /** Empty: every faculty. */
  faculties: z.array(newsFaculty),
  attachments: z.array(newsAttachment),
  author: z.object({
    id: z.number(),
    name: z.string(),
    /** Position of a teacher, group of a student, else null. */
    title: z.nullable(z.string()),
  }),
  /** Whether the caller may delete it (users with the news permission). */
  canDelete: z.boolean(),
});
export type NewsItem = z.infer<typeof newsItem>;
