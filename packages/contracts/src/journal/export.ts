import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { journalFields } from './common.ts';

/** The journal as a PDF or an Excel workbook. */

const exportRequest = z.object({ ...journalFields, lang: z._default(z.enum(['ru', 'kg', 'en']), 'ru') });

export const journalPdf = defineEndpoint({
  id: 'journal.pdf',
  method: 'GET',
  path: '/api/visitlog/journal/report.pdf',
  access: 'teacher',
  replyKind: 'file',
  summary: 'The journal as a PDF (A4 landscape) titled as a class activity journal, in language `lang`.',
  request: exportRequest,
  response: z.never(),
});

export const journalXlsx = defineEndpoint({
  id: 'journal.xlsx',
  method: 'GET',
  path: '/api/visitlog/journal/report.xlsx',
  access: 'teacher',
  replyKind: 'file',
  summary: 'The journal table as an Excel workbook (XLSX), in language `lang`.',
  request: exportRequest,
  response: z.never(),
});
