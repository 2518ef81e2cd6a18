import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { newsFileType } from './news-item.ts';

export const newsDownload = defineEndpoint({
  id: 'news.download',
  method: 'GET',
  path: '/api/news/download.file',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    "An attachment of a news item, as a download: `filename` is the item id, an underscore and the attachment's name (exactly as in `attachments[].name`); `type` is 4. 404 unless the caller may see the item and it has an attachment of that name.",
  request: z.object({
    filename: z.string().check(z.maxLength(400), z.regex(/^\d{1,10}_./s, 'news_file_name')),
    type: z.optional(z.literal(newsFileType)),
  }),
  response: z.never(),
});

/** The download address of an attachment (what `attachments[].url` holds). */
export function newsDownloadUrl(newsId: number, name: string): string {
  return `${newsDownload.path}?filename=${encodeURIComponent(`${newsId}_${name}`)}&type=${newsFileType}`;
}
