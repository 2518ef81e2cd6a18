import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput, pageInput } from '../fields.ts';
import { documentType } from './lists.ts';
import {
  normalizeVerificationCode,
  order,
  orderLimits,
  orderStatuses,
  queuedOrder,
  verificationCodePattern,
} from './order.ts';

export const orderList = defineEndpoint({
  id: 'singleWindow.orderList',
  method: 'POST',
  path: '/api/singlewindow/order/list.json',
  access: 'student',
  summary: "The calling student's orders, newest first (the order history: date, status, type).",
  request: z.object({ ...callerEcho }),
  response: z.array(order),
});

export const orderSave = defineEndpoint({
  id: 'singleWindow.orderSave',
  method: 'POST',
  path: '/api/singlewindow/order/save.json',
  access: 'student',
  summary: `Places an order for a document: type \`id_doc\`, region \`id_region\`, one of its districts \`id_district\` and purpose \`id_naznachenie\`, all required (400 naming what is missing or unknown; a district of another region is refused). The order waits for staff. At most ${orderLimits.openPerStudent} orders of a student may be waiting or in preparation at once (409 \`conflict\`). Answers with the new order.`,
  request: z.object({
    ...callerEcho,
    id_doc: idInput,
    id_region: idInput,
    id_district: idInput,
    id_naznachenie: idInput,
  }),
  response: order,
});

export const orderCancel = defineEndpoint({
  id: 'singleWindow.orderCancel',
  method: 'POST',
  path: '/api/singlewindow/order/cancel.json',
  access: 'student',
  summary:
    "Cancels the calling student's order `id_order` while it waits (409 `conflict` once staff have taken it up, or when it is done; 404 for an order that is not the caller's). The web app asks for confirmation first. Answers with the order.",
  request: z.object({ ...callerEcho, id_order: idInput }),
  response: order,
});

export const orderQueue = defineEndpoint({
  id: 'singleWindow.orderQueue',
  method: 'POST',
  path: '/api/singlewindow/order/queue.json',
  access: 'staff',
  summary: `The orders of every student in status \`status\` (default waiting), oldest first for waiting and in-preparation orders, newest first for the others; ${orderLimits.pageSize} a page, with the number of orders in each status.`,
  request: z.object({
    status: z._default(z.enum(orderStatuses), 'waiting'),
    page: pageInput,
  }),
  response: z.object({
    items: z.array(queuedOrder),
    page: z.number(),
    pageSize: z.number(),
    hasMore: z.boolean(),
    total: z.number(),
    counts: z.record(z.enum(orderStatuses), z.number()),
  }),
});

const staffTargets = ['preparing', 'prepared', 'canceled'] as const;

export const orderStatus = defineEndpoint({
  id: 'singleWindow.orderStatus',
  method: 'POST',
  path: '/api/singlewindow/order/status.json',
  access: 'staff',
  audit: ['order.status'],
  summary:
    "Moves order `id_order` on (staff): waiting → preparing → prepared, or either of the first two → canceled. Any other move is refused with 409 `conflict` (nothing leaves prepared or canceled, and prepared is reached only through preparing). 'prepared' issues the document: it gets its number, date and verification code, and the student's data as of now (name, group, faculty, speciality, form of study, course) are kept with it. Answers with the order.",
  request: z.object({
    id_order: idInput,
    status: z.enum(staffTargets),
  }),
  response: queuedOrder,
});

export const orderDocument = defineEndpoint({
  id: 'singleWindow.orderDocument',
  method: 'GET',
  path: '/api/singlewindow/order/document.file',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    'The issued document of order `id` as a PDF (attachment): to the student who ordered it and to staff, once it is prepared. Anything else is 404. It carries a QR code and the verification code that lead to the public verification page.',
  request: z.object({ id: idInput }),
  response: z.never(),
});

export function orderDocumentUrl(id: number): string {
  return `${orderDocument.path}?id=${id}`;
}

export const verifyDocument = defineEndpoint({
  id: 'singleWindow.verify',
  method: 'GET',
  path: '/api/singlewindow/verify.json',
  access: 'public',
  summary:
    "Confirms an issued document by its verification code `code` (XXXX-XXXX-XXXX; any case, dashes and spaces optional): `status` 'valid' with its number, date of issue, the student's full name and the kind of document, and nothing else; or, once staff revoked it, `status` 'revoked' and when (`revoked`), and nothing else. An unknown code is 404 `not_found`.",
  request: z.object({
    code: z.pipe(
      z.pipe(z.string(), z.transform(normalizeVerificationCode)),
      z.string().check(z.regex(verificationCodePattern, 'invalid_format')),
    ),
  }),
  response: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('valid'),
      number: z.string(),
      /** ISO 8601, UTC. */
      issued: z.string(),
      fullName: z.string(),
      document: documentType,
    }),
    /** A revoked document shows no personal data: only that it was revoked, and when (ISO 8601, UTC). */
    z.object({ status: z.literal('revoked'), revoked: z.string() }),
  ]),
});
