import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { anyId, pageInput } from '../fields.ts';
import { paymentLimits, paymentMethods, paymentStatuses, staffPayment } from './payment.ts';

const anyOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.optional(z.enum([...values, 'any', ''] as [string, ...string[]])),
    z.transform((v) => (v === undefined || v === '' || v === 'any' ? null : (v as T[number]))),
  );

const day = z.pipe(
  z.optional(z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'invalid_format'))),
  z.transform((v) => (v ? v : null)),
);

/** The filters of the staff list and export. Dates are days in Asia/Bishkek, both ends included. */
export const staffPaymentFilters = {
  status: anyOf(paymentStatuses),
  method: anyOf(paymentMethods),
  id_uslug: anyId,
  id_year: anyId,
  from: day,
  to: day,
  /** A payment code, or a part of the payer's name. */
  q: z._default(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((v) => v.trim()),
      ),
      z.string().check(z.maxLength(100)),
    ),
    '',
  ),
};

export const staffPayments = defineEndpoint({
  id: 'payment.staffList',
  method: 'POST',
  path: '/api/payment/staff/list.json',
  access: 'staff',
  summary: `Payments for reconciliation, newest first, ${paymentLimits.pageSize} a page: filtered by status, method, service (id_uslug), academic year, creation day from/to (YYYY-MM-DD, Asia/Bishkek) and \`q\` (a payment code or part of the payer's name). Answers the page, the count of every matching payment and the paid total (tyiyn): the money that arrived for them (partial transfers and surpluses included), test payments left out.`,
  request: z.object({ ...staffPaymentFilters, page: pageInput }),
  response: z.object({
    items: z.array(staffPayment),
    page: z.number(),
    pageSize: z.number(),
    hasMore: z.boolean(),
    total: z.number(),
    /** Tyiyn received for the matching payments that are not tests. */
    paidTotal: z.number(),
  }),
});

export const exportFormats = ['csv', 'xlsx'] as const;

export const staffPaymentsExport = defineEndpoint({
  id: 'payment.staffExport',
  method: 'GET',
  path: '/api/payment/staff/export.file',
  access: 'staff',
  replyKind: 'file',
  summary: `The payments matching the staff list's filters (at most ${paymentLimits.exportMax}) as a download for reconciliation: \`format\` csv (UTF-8 with BOM, comma-separated, every field a spreadsheet could read as a formula defused) or xlsx, in language \`lang\` (ru, kg or en; default ru), named by the day in Asia/Bishkek. Columns: id, created and paid (Asia/Bishkek), payment code, student, group, service, year, method, status (test payments marked), amount due, received and surplus or remainder in som, provider reference.`,
  request: z.object({
    ...staffPaymentFilters,
    format: z.enum(exportFormats),
    lang: z._default(z.enum(['ru', 'kg', 'en']), 'ru'),
  }),
  response: z.never(),
});
