import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';

export const portalConfig = defineEndpoint({
  id: 'misc.config',
  method: 'GET',
  path: '/config.json',
  access: 'public',
  summary:
    'Client configuration: base paths, languages, limits, and whether card payments are taken (`cardPayments`: false when no card provider is configured; the web app then offers no card payment).',
  request: emptyRequest,
  response: z.object({
    basePath: z.string(),
    publicBase: z.string(),
    apiBase: z.string(),
    languages: z.array(z.string()),
    defaultLanguage: z.string(),
    maxUploadMb: z.number(),
    requestTimeoutMs: z.number(),
    chatPageSize: z.number(),
    newsPageSize: z.number(),
    cardPayments: z.boolean(),
  }),
});
