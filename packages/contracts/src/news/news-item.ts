import * as z from 'zod/mini';
import { localizedName, namedRecord } from '../fields.ts';

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
  ...localizedName,
});

/**
 * A news item (spec: News item). The first five fields are the spec's; the rest are the same facts, structured.
 * - `p23-1`: the author as 'Full Name | Position' (teachers; the Russian name) or 'Full Name | Group' (students);
 *   just the name when there is neither. `author` holds the same, the position in the three languages.
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
    /** A teacher's position, in the three languages; null for others. */
    position: z.nullable(namedRecord),
    /** A student's group; null for others. */
    group: z.nullable(z.string()),
  }),
  /** Whether the caller may delete it (users with the news permission). */
  canDelete: z.boolean(),
});
export type NewsItem = z.infer<typeof newsItem>;
