import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput, lineField, localizedName, pageInput } from '../fields.ts';
import { sheetPdf } from '../grading/sheets.ts';
import { receiptUrl } from '../payment/history.ts';
import { orderDocumentUrl } from '../single-window/orders.ts';
import { transcriptPdfUrl } from '../transcript/transcript.ts';

/**
 * Documents (issue 41): everything the portal has issued to a person, in one list, and the staff's register of it.
 * Nothing is drawn twice: each document downloads through the call that issued it (a reference, a receipt, the
 * transcript, a grading sheet). Issued today:
 * - reference: a single-window order once prepared (its number, date and verification code);
 * - receipt: a paid payment's receipt (its number is the payment's);
 * - transcript: a student's transcript, once they have a final result (dated by the latest);
 * - gradingSheet: a grading sheet its teacher closed (for the teacher who closed it).
 * Credential slips are not among them: the portal keeps no password, so a slip cannot be issued again.
 */
export const documentKinds = ['reference', 'receipt', 'transcript', 'gradingSheet'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The kinds staff may revoke: those anyone can check on the public verification page (a verification code). */
export const revocableKinds = ['reference'] as const satisfies readonly DocumentKind[];
export type RevocableKind = (typeof revocableKinds)[number];

export const documentLimits = {
  /** Rows per page of the register. */
  pageSize: 30,
  /** The register's search text. */
  queryMax: 100,
  /** A revocation's reason. */
  reasonMax: 500,
} as const;

const language = z._default(z.enum(['ru', 'kg', 'en']), 'ru');

export const issuedDocument = z.object({
  kind: z.enum(documentKinds),
  /** The document's id in its own table: the order, the payment, the student (transcript) or the sheet. */
  id: z.number(),
  /** The number printed on it (a reference's 2026-00017, a receipt's payment number); null when it has none. */
  number: z.nullable(z.string()),
  /** ISO 8601, UTC: when it was issued (a transcript: its latest result). */
  issued: z.string(),
  /** What it is about: a reference's kind, a receipt's service, a sheet's discipline; null for a transcript. */
  title: z.nullable(z.object(localizedName)),
  /** A line more: a receipt's academic year, a sheet's group or stream. */
  detail: z.nullable(z.string()),
  /** The verification code (references), and the public page that checks it. */
  code: z.nullable(z.string()),
  verifyUrl: z.nullable(z.string()),
  /** GET: the document again, through the call that issued it (for the reader: its holder, or staff). */
  downloadUrl: z.string(),
  /** Whom it was issued to (a grading sheet: the teacher who closed it). */
  person: z.object({ id: z.number(), fullName: z.string() }),
  /** Set once staff revoked it: when (ISO 8601, UTC) and why. */
  revoked: z.nullable(z.object({ at: z.string(), reason: z.string() })),
});
export type IssuedDocument = z.infer<typeof issuedDocument>;

/** Where a document downloads again: the issuing call's address, for its holder or (`asStaff`) for staff. */
export function documentDownloadUrl(
  doc: { kind: DocumentKind; id: number },
  lang: 'ru' | 'kg' | 'en',
  asStaff: boolean,
): string {
  switch (doc.kind) {
    case 'reference':
      return orderDocumentUrl(doc.id);
    case 'receipt':
      return receiptUrl(doc.id, lang);
    case 'transcript':
      return transcriptPdfUrl(lang, asStaff ? doc.id : undefined);
    case 'gradingSheet':
      return `${sheetPdf.path}?id=${doc.id}&lang=${lang}`;
  }
}

export const documentsMine = defineEndpoint({
  id: 'documents.mine',
  method: 'POST',
  path: '/api/documents/mine.json',
  access: 'authenticated',
  summary:
    "Every document the portal has issued to the caller, newest first: a student's references, receipts and transcript; a teacher's closed grading sheets (staff have none). Each with its number, date, verification code and page, the address it downloads from again (in language `lang`), and its revocation if staff revoked it. Never another person's.",
  request: z.object({ ...callerEcho, lang: language }),
  response: z.array(issuedDocument),
});

export const documentsRegister = defineEndpoint({
  id: 'documents.register',
  method: 'POST',
  path: '/api/documents/register.json',
  access: 'staff',
  summary: `The register of issued documents (staff), newest first, ${documentLimits.pageSize} a page: \`q\` finds a part of the number, the verification code (as typed on a document) or the person's name or login; \`kind\` (${documentKinds.join(', ')}, or any); \`revoked\` (yes, no or any). Downloads in language \`lang\`.`,
  request: z.object({
    q: lineField(documentLimits.queryMax, false),
    kind: z.pipe(
      z.optional(z.enum([...documentKinds, 'any', ''], 'invalid_choice')),
      z.transform((v) => (v === undefined || v === '' || v === 'any' ? null : v)),
    ),
    revoked: z.pipe(
      z.optional(z.enum(['yes', 'no', 'any', ''], 'invalid_choice')),
      z.transform((v) => (v === 'yes' ? true : v === 'no' ? false : null)),
    ),
    lang: language,
    page: pageInput,
  }),
  response: z.object({
    items: z.array(issuedDocument),
    page: z.number(),
    pageSize: z.number(),
    hasMore: z.boolean(),
    total: z.number(),
  }),
});

export const documentsRevoke = defineEndpoint({
  id: 'documents.revoke',
  method: 'POST',
  path: '/api/documents/revoke.json',
  access: 'staff',
  audit: ['document.revoke'],
  summary: `Revokes issued document \`id\` of kind \`kind\` (${revocableKinds.join(', ')}: those with a verification code) for \`reason\` (required, at most ${documentLimits.reasonMax} characters), for good (staff; audited). The public verification page then says only that it was revoked, and when. 404 for no such issued document; 409 \`conflict\` when it is revoked already. Answers with the document.`,
  request: z.object({
    kind: z.enum(revocableKinds, 'invalid_choice'),
    id: idInput,
    reason: lineField(documentLimits.reasonMax, true),
    lang: language,
  }),
  response: issuedDocument,
});
