import { randomInt } from 'node:crypto';
import { roles } from '@okuu/contracts/endpoint';
import {
  type Order,
  type OrderStatus,
  orderLimits,
  orderStatuses,
  orderTransitions,
  type QueuedOrder,
  studentCancellable,
  verificationPagePath,
} from '@okuu/contracts/single-window/order';
import { orderDocumentUrl } from '@okuu/contracts/single-window/orders';
import type { IssuedDocument } from '../../db/schema/single-window.ts';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import type { AuthUser } from '../../lib/session.ts';
import { issuedDocumentPdf } from './single-window.document.ts';
import type { OrderChoice, OrderRow, SingleWindowRepository, StudentFacts } from './single-window.repository.ts';

const notFound = () => new AppError('not_found', 'There is no such order.');

/** Orders a student's history shows at most (the newest). */
const historyLimit = 200;

/** Crockford's base32: no I, L, O or U, so a typed code is not misread. */
const codeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new verification code: 60 random bits as XXXX-XXXX-XXXX. */
export function newVerificationCode(): string {
  const chars = Array.from({ length: 12 }, () => codeAlphabet[randomInt(codeAlphabet.length)]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((part) => part.join('')).join('-');
}

const iso = (date: Date | string) => new Date(date).toISOString();

function toOrder(row: OrderRow): Order {
  return {
    id_order: row.id,
    status: row.status,
    created: iso(row.createdAt),
    updated: iso(row.updatedAt),
    document: row.document,
    region: row.region,
    district: row.district,
    purpose: row.purpose,
    number: row.number,
    issued: row.issuedAt ? iso(row.issuedAt) : null,
    verificationCode: row.verificationCode,
    documentUrl: row.status === 'prepared' ? orderDocumentUrl(row.id) : null,
  };
}

const toQueued = (row: OrderRow): QueuedOrder => ({ ...toOrder(row), student: row.student });

/** The statuses an order may be in to be moved to `to` (the status machine, read backwards). */
function movableFrom(to: OrderStatus): OrderStatus[] {
  return orderStatuses.filter((from) => orderTransitions[from].includes(to));
}

export function createSingleWindowService(deps: {
  repo: SingleWindowRepository;
  /** The institution's name, printed on documents. */
  institution: () => Promise<string>;
  /** The academic year of today (its starting calendar year): a student's course follows from it. */
  currentYear: () => Promise<number>;
  /** The portal's public address (PUBLIC_URL): documents' verification links and QR codes point there. */
  publicUrl: string;
  /** When staff revoked an issued reference (order `id`), or null (the documents module keeps revocations). */
  revokedAt: (kind: 'reference', id: number) => Promise<Date | null>;
}) {
  const { repo } = deps;
  /** Issued documents never change: one drawn is kept a while (drawing takes some 100 ms of the server's time). */
  const drawn = createChangeCache<Buffer>({ ttlMs: 10 * 60_000, maxEntries: 200 });

  async function orderOf(id: number): Promise<OrderRow> {
    const row = await repo.order(id);
    if (!row) throw notFound();
    return row;
  }

  function describe(institution: string, year: number) {
    return (facts: StudentFacts): IssuedDocument => ({
      fullName: facts.fullName,
      gender: facts.gender,
      birthDate: facts.birthDate,
      group: facts.group,
      course: Math.min(6, Math.max(1, year - facts.admissionYear + 1)),
      studyForm: facts.studyForm,
      faculty: facts.faculty,
      speciality: facts.speciality,
      document: facts.document,
      purpose: facts.purpose,
      region: facts.region,
      district: facts.district,
      institution,
    });
  }

  return {
    /** The periodic job: staff hear of each order waiting longer than the portal's setting, once (any instance). */
    announceWaiting: (at: Date) => repo.announceWaiting(at),

    documentTypes: () => repo.documentTypes(),
    regions: () => repo.regions(),
    async districts(regionId: number) {
      return (await repo.districts(regionId)).map(({ regionId: id_region, ...rest }) => ({ ...rest, id_region }));
    },
    purposes: () => repo.purposes(),

    async studentOrders(user: AuthUser): Promise<Order[]> {
      return (await repo.studentOrders(user.id, historyLimit)).map(toOrder);
    },

    /** A student's orders waiting or being prepared, newest first (the personal card; its caller checks access). */
    async openOrdersOf(studentId: number): Promise<Order[]> {
      return (await repo.studentOrders(studentId, historyLimit))
        .map(toOrder)
        .filter((o) => o.status === 'waiting' || o.status === 'preparing');
    },

    /** The student's issued documents (ready to download) issued since `since`, newest first. */
    async readyDocuments(user: AuthUser, since: Date): Promise<Order[]> {
      const orders = (await repo.studentOrders(user.id, historyLimit)).map(toOrder);
      return orders
        .filter((o) => o.status === 'prepared' && o.documentUrl && o.issued && Date.parse(o.issued) >= since.getTime())
        .sort((a, b) => Date.parse(b.issued as string) - Date.parse(a.issued as string));
    },

    /** The queue at a glance: orders waiting and being prepared, and when the oldest waiting one was placed. */
    async queueSummary() {
      const [oldest, counts] = await Promise.all([repo.queue('waiting', 0, 1), repo.countsByStatus()]);
      const [first] = oldest.map(toQueued);
      return {
        waiting: counts.waiting ?? 0,
        preparing: counts.preparing ?? 0,
        oldestWaitingSince: first?.created ?? null,
      };
    },

    async place(user: AuthUser, choice: OrderChoice): Promise<Order> {
      const unknown = await repo.unknownChoices(choice);
      if (unknown.length) {
        const field = {
          documentTypeId: 'id_doc',
          regionId: 'id_region',
          districtId: 'id_district',
          purposeId: 'id_naznachenie',
        };
        throw new AppError(
          'validation',
          unknown
            .map(
              (f) =>
                `${field[f]}: ${f === 'districtId' ? 'there is no such district in this region' : 'there is no such record'}`,
            )
            .join('; '),
        );
      }
      const id = await repo.placeOrder(user.id, choice, orderLimits.openPerStudent);
      if (id === null) {
        throw new AppError(
          'conflict',
          `You have ${orderLimits.openPerStudent} orders waiting or in preparation: wait until they are done, or cancel one.`,
        );
      }
      return toOrder(await orderOf(id));
    },

    /** A student cancels their own order, only while it waits. */
    async cancel(user: AuthUser, id: number): Promise<Order> {
      const outcome = await repo.move(id, 'canceled', { from: studentCancellable, by: user.id, ownerId: user.id });
      if (outcome.kind === 'missing') throw notFound();
      if (outcome.kind === 'refused') {
        throw new AppError('conflict', `This order is ${outcome.status} and can no longer be canceled.`, {
          status: outcome.status,
        });
      }
      return toOrder(await orderOf(id));
    },

    async queue(status: OrderStatus, page: number) {
      const pageSize = orderLimits.pageSize;
      const [rows, counts] = await Promise.all([
        repo.queue(status, (page - 1) * pageSize, pageSize + 1),
        repo.countsByStatus(),
      ]);
      const all = Object.fromEntries(orderStatuses.map((s) => [s, counts[s] ?? 0])) as Record<OrderStatus, number>;
      return {
        items: rows.slice(0, pageSize).map(toQueued),
        page,
        pageSize,
        hasMore: rows.length > pageSize,
        total: all[status],
        counts: all,
      };
    },

    /** Staff move an order on; 'prepared' issues the document. */
    async advance(user: AuthUser, id: number, to: OrderStatus): Promise<QueuedOrder> {
      const issue =
        to === 'prepared'
          ? {
              code: newVerificationCode(),
              describe: describe(await deps.institution(), await deps.currentYear()),
            }
          : undefined;
      const outcome = await repo.move(id, to, { from: movableFrom(to), by: user.id, issue });
      if (outcome.kind === 'missing') throw notFound();
      if (outcome.kind === 'refused') {
        throw new AppError('conflict', `This order is ${outcome.status}: it cannot become ${to}.`, {
          status: outcome.status,
        });
      }
      return toQueued(await orderOf(id));
    },

    /** The issued document as a PDF: to its student and to staff; anything else is 404. */
    async documentPdf(user: AuthUser, id: number): Promise<{ name: string; bytes: Buffer }> {
      const issued = await repo.issued(id);
      const mayRead =
        issued && (user.role === roles.staff || (user.role === roles.student && issued.studentId === user.id));
      if (!issued || !mayRead) throw new AppError('not_found', 'There is no such document.');
      const url = `${deps.publicUrl}${verificationPagePath(issued.code)}`;
      const bytes = await drawn.get(String(id), () => issuedDocumentPdf(issued, url));
      return { name: `spravka-${issued.number}.pdf`, bytes };
    },

    /**
     * What the public verification page shows of a document: number, date, name, kind; nothing else. Of a revoked
     * one, only that it was revoked and when (none of its holder's data).
     */
    async verify(code: string) {
      const found = await repo.issuedByCode(code);
      if (!found) throw new AppError('not_found', 'No document was issued with this verification code.');
      const revoked = await deps.revokedAt('reference', found.id);
      if (revoked) return { status: 'revoked' as const, revoked: iso(revoked) };
      // The names as printed on the document, on the day of issue.
      return {
        status: 'valid' as const,
        number: found.number,
        issued: iso(found.issuedAt),
        fullName: found.issued.fullName,
        document: { id: found.documentTypeId, ...found.issued.document },
      };
    },
  };
}

export type SingleWindowService = ReturnType<typeof createSingleWindowService>;
