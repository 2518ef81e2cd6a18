import {
  type DocumentKind,
  documentDownloadUrl,
  documentLimits,
  type IssuedDocument,
  type RevocableKind,
} from '@okuu/contracts/documents/documents';
import { roles } from '@okuu/contracts/endpoint';
import {
  normalizeVerificationCode,
  verificationCodePattern,
  verificationPagePath,
} from '@okuu/contracts/single-window/order';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { DocumentRow, DocumentsRepository } from './documents.repository.ts';

type Lang = 'ru' | 'kg' | 'en';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A document as its reader gets it: downloads through the issuing call, as its holder or (`asStaff`) as staff. */
function toDocument(row: DocumentRow, lang: Lang, asStaff: boolean): IssuedDocument {
  return {
    kind: row.kind,
    id: row.id,
    number: row.number,
    issued: iso(row.issued),
    title: row.title,
    detail: row.detail,
    code: row.code,
    verifyUrl: row.code ? verificationPagePath(row.code) : null,
    downloadUrl: documentDownloadUrl(row, lang, asStaff),
    person: { id: row.personId, fullName: row.fullName },
    revoked: row.revokedAt && row.reason !== null ? { at: iso(row.revokedAt), reason: row.reason } : null,
  };
}

export function createDocumentsService(deps: { repo: DocumentsRepository }) {
  const { repo } = deps;

  return {
    /** The caller's own documents: a student's references, receipts and transcript; a teacher's closed sheets. */
    async mine(user: AuthUser, lang: Lang): Promise<IssuedDocument[]> {
      const rows = await repo.ofPerson(user.id);
      // Each kind is its holder's: a student's are the student kinds, a teacher's their sheets (never another's).
      const holds: readonly DocumentKind[] =
        user.role === roles.student
          ? ['reference', 'receipt', 'transcript']
          : user.role === roles.teacher
            ? ['gradingSheet']
            : [];
      return rows.filter((r) => holds.includes(r.kind)).map((r) => toDocument(r, lang, false));
    },

    /** The register (staff): every issued document, searched by number, code, person or kind. */
    async register(input: { q: string; kind: DocumentKind | null; revoked: boolean | null; lang: Lang; page: number }) {
      const pageSize = documentLimits.pageSize;
      const typed = normalizeVerificationCode(input.q);
      const { rows, total } = await repo.register(
        {
          personId: null,
          q: input.q,
          code: verificationCodePattern.test(typed) ? typed : null,
          kind: input.kind,
          revoked: input.revoked,
        },
        (input.page - 1) * pageSize,
        pageSize + 1,
      );
      return {
        items: rows.slice(0, pageSize).map((r) => toDocument(r, input.lang, true)),
        page: input.page,
        pageSize,
        hasMore: rows.length > pageSize,
        total,
      };
    },

    /** Staff revoke an issued document for a reason (audited, by the staff call's mechanism), for good. */
    async revoke(
      user: AuthUser,
      input: { kind: RevocableKind; id: number; reason: string; lang: Lang },
    ): Promise<IssuedDocument> {
      const outcome = await repo.revoke(input.kind, input.id, user.id, input.reason, (change, doc) => {
        change.audit({
          targetType: 'document',
          targetId: input.id,
          targetName: doc.number,
          after: { kind: input.kind, number: doc.number, reason: input.reason },
        });
        // Its holder's open screens (home's documents, the orders) hear of it.
        change.announce('orders', String(doc.personId));
      });
      if (outcome === 'missing') throw new AppError('not_found', 'There is no such issued document.');
      if (outcome === 'already') throw new AppError('conflict', 'This document is revoked already.');
      const row = await repo.one(input.kind, input.id);
      if (!row) throw new AppError('not_found', 'There is no such issued document.');
      return toDocument(row, input.lang, true);
    },

    /** When document `kind` `id` was revoked, or null: the public verification page says only this of a revoked one. */
    async revokedAt(kind: DocumentKind, id: number): Promise<Date | null> {
      const found = await repo.revocation(kind, id);
      return found ? new Date(found.at) : null;
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
