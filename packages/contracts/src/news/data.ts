import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { pageInput } from '../fields.ts';
import { newsItem } from './news-item.ts';

export const newsData = defineEndpoint({
  id: 'news.data',
  method: 'POST',
  path: '/api/news/data.json',
  access: 'authenticated',
  summary:
    "One page of the news the caller may see, newest first, 20 a page (page 1 first). Students see items for 'all' and 'students', teachers 'all' and 'teachers', staff everything; an item addressed to faculties only reaches users of those faculties; authors always see their own. `hasMore` says whether a next page exists. id, uid and role in the body are ignored: the session decides.",
  request: z.object({
    ...callerEcho,
    id: z.optional(z.unknown()),
    page: pageInput,
  }),
  response: z.object({
    items: z.array(newsItem),
    page: z.number(),
    pageSize: z.number(),
    hasMore: z.boolean(),
  }),
});
