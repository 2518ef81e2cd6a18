import { randomInt } from 'node:crypto';
import { normalizePaymentCode, paymentCodeOf } from '@okuu/contracts/payment/payment-code';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  paidServices,
  paymentCodes,
  paymentEvents,
  payments,
  paymentTransfers,
  sandboxOrders,
} from '../../db/schema/payment.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import { academicYears, groups } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';
import type { Changes } from '../../lib/changes.ts';

export type PaymentStatus = (typeof payments.$inferSelect)['status'];
export type PaymentMethod = (typeof payments.$inferSelect)['method'];
export type ServiceRow = typeof paidServices.$inferSelect;
export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;

export interface PaymentRow {
  id: number;
  studentId: number;
  amount: number;
  received: number;
  test: boolean;
  method: PaymentMethod;
  status: PaymentStatus;
  code: string;
  provider: string;
  providerRef: string | null;
  idempotencyKey: string | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  service: { id: number; name: string; nameKg: string; nameEn: string };
  year: { id: number; name: string };
  student: { id: number; fullName: string; group: string | null };
}

/** The student, service and year a payment code belongs to, with the service's prices (tyiyn). */
export interface CodeOwner {
  studentId: number;
  serviceId: number;
  yearId: number;
  service: { price: number; amountEditable: boolean; minAmount: number; maxAmount: number };
}

export interface StaffFilter {
  status: PaymentStatus | null;
  method: PaymentMethod | null;
  serviceId: number | null;
  yearId: number | null;
  /** UTC instants: created at or after `from`, before `to`. */
  from: Date | null;
  to: Date | null;
  /** A payment code (digits) or a part of the payer's name. */
  q: string;
}

const fullName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;

/** Postgres' unique_violation. */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

export function createPaymentRepository(db: Db, changes: Changes) {
  function selectPayments() {
    return db
      .select({
        id: payments.id,
        studentId: payments.studentId,
        amount: payments.amount,
        received: payments.received,
        test: payments.test,
        method: payments.method,
        status: payments.status,
        code: payments.code,
        provider: payments.provider,
        providerRef: payments.providerRef,
        idempotencyKey: payments.idempotencyKey,
        failureReason: payments.failureReason,
        createdAt: payments.createdAt,
        updatedAt: payments.updatedAt,
        paidAt: payments.paidAt,
        service: {
          id: paidServices.id,
          name: paidServices.name,
          nameKg: paidServices.nameKg,
          nameEn: paidServices.nameEn,
        },
        year: { id: academicYears.id, name: academicYears.name },
        student: { id: users.id, fullName, group: groups.name },
      })
      .from(payments)
      .innerJoin(paidServices, eq(paidServices.id, payments.serviceId))
      .innerJoin(academicYears, eq(academicYears.id, payments.academicYearId))
      .innerJoin(users, eq(users.id, payments.studentId))
      .leftJoin(studentProfiles, eq(studentProfiles.userId, payments.studentId))
      .leftJoin(groups, eq(groups.id, studentProfiles.groupId));
  }

  function staffWhere(f: StaffFilter): SQL | undefined {
    const digits = normalizePaymentCode(f.q);
    return and(
      f.status ? eq(payments.status, f.status) : undefined,
      f.method ? eq(payments.method, f.method) : undefined,
      f.serviceId ? eq(payments.serviceId, f.serviceId) : undefined,
      f.yearId ? eq(payments.academicYearId, f.yearId) : undefined,
      f.from ? gte(payments.createdAt, f.from) : undefined,
      f.to ? lt(payments.createdAt, f.to) : undefined,
      f.q
        ? /^\d+$/.test(digits)
          ? or(eq(payments.code, digits), eq(payments.id, Number(digits.slice(0, 9))))
          : ilike(fullName, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : undefined,
    );
  }

  return {
    async services(): Promise<ServiceRow[]> {
      return db
        .select()
        .from(paidServices)
        .where(eq(paidServices.active, true))
        .orderBy(asc(paidServices.sortOrder), asc(paidServices.id));
    },

    async service(id: number): Promise<ServiceRow | null> {
      const rows = await db
        .select()
        .from(paidServices)
        .where(and(eq(paidServices.id, id), eq(paidServices.active, true)));
      return rows[0] ?? null;
    },

    async academicYear(id: number): Promise<{ id: number; name: string } | null> {
      const rows = await db
        .select({ id: academicYears.id, name: academicYears.name })
        .from(academicYears)
        .where(eq(academicYears.id, id));
      return rows[0] ?? null;
    },

    /**
     * The student's code for a service and year: the stored one, or a new random one stored first. Two requests at
     * once meet at the unique key and both answer the one stored.
     */
    async codeFor(studentId: number, serviceId: number, yearId: number): Promise<string> {
      const existing = () =>
        db
          .select({ code: paymentCodes.code })
          .from(paymentCodes)
          .where(
            and(
              eq(paymentCodes.studentId, studentId),
              eq(paymentCodes.serviceId, serviceId),
              eq(paymentCodes.academicYearId, yearId),
            ),
          );
      const found = await existing();
      if (found[0]) return found[0].code;
      for (let attempt = 0; attempt < 10; attempt++) {
        const code = paymentCodeOf(String(randomInt(10_000_000, 100_000_000)));
        try {
          await db
            .insert(paymentCodes)
            .values({ code, studentId, serviceId, academicYearId: yearId })
            .onConflictDoNothing({
              target: [paymentCodes.studentId, paymentCodes.serviceId, paymentCodes.academicYearId],
            });
        } catch (err) {
          if (isUniqueViolation(err)) continue; // the random code is taken: another one
          throw err;
        }
        const stored = await existing();
        if (stored[0]) return stored[0].code;
      }
      throw new Error('No free payment code found');
    },

    /** Whose code this is, and its service's prices, for a bank transfer that names only the code. */
    async codeOwner(code: string): Promise<CodeOwner | null> {
      const rows = await db
        .select({
          studentId: paymentCodes.studentId,
          serviceId: paymentCodes.serviceId,
          yearId: paymentCodes.academicYearId,
          service: {
            price: paidServices.price,
            amountEditable: paidServices.amountEditable,
            minAmount: paidServices.minAmount,
            maxAmount: paidServices.maxAmount,
          },
        })
        .from(paymentCodes)
        .innerJoin(paidServices, eq(paidServices.id, paymentCodes.serviceId))
        .where(eq(paymentCodes.code, code));
      return rows[0] ?? null;
    },

    /** A new card payment, or the one this student's idempotency key made before (`created` false). */
    async createCardPayment(p: {
      studentId: number;
      serviceId: number;
      yearId: number;
      code: string;
      amount: number;
      provider: string;
      test: boolean;
      idempotencyKey: string;
    }): Promise<{ id: number; created: boolean }> {
      const inserted = await db
        .insert(payments)
        .values({
          studentId: p.studentId,
          serviceId: p.serviceId,
          academicYearId: p.yearId,
          code: p.code,
          amount: p.amount,
          method: 'card',
          provider: p.provider,
          test: p.test,
          idempotencyKey: p.idempotencyKey,
        })
        .onConflictDoNothing({ target: [payments.studentId, payments.idempotencyKey] })
        .returning({ id: payments.id });
      if (inserted[0]) return { id: inserted[0].id, created: true };
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.studentId, p.studentId), eq(payments.idempotencyKey, p.idempotencyKey)));
      if (!rows[0]) throw new Error('The payment of an idempotency key is gone');
      return { id: rows[0].id, created: false };
    },

    /** The payment a student's idempotency key made, if any. */
    async paymentIdByKey(studentId: number, idempotencyKey: string): Promise<number | null> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.studentId, studentId), eq(payments.idempotencyKey, idempotencyKey)));
      return rows[0]?.id ?? null;
    },

    /** The student's newest card payment of this service, year and amount still open at its provider (since `since`). */
    async openCardPayment(p: {
      studentId: number;
      serviceId: number;
      yearId: number;
      amount: number;
      provider: string;
      since: Date;
    }): Promise<PaymentRow | null> {
      const rows = await selectPayments()
        .where(
          and(
            eq(payments.studentId, p.studentId),
            eq(payments.serviceId, p.serviceId),
            eq(payments.academicYearId, p.yearId),
            eq(payments.amount, p.amount),
            eq(payments.method, 'card'),
            eq(payments.provider, p.provider),
            eq(payments.status, 'pending'),
            isNotNull(payments.providerRef),
            gte(payments.createdAt, p.since),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);
      return rows[0] ?? null;
    },

    async setProviderRef(id: number, providerRef: string): Promise<void> {
      await db.update(payments).set({ providerRef, updatedAt: sql`now()` }).where(eq(payments.id, id));
    },

    /** A payment that could not start at the provider. */
    async markFailed(id: number, reason: string): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
    },

    async payment(id: number): Promise<PaymentRow | null> {
      const rows = await selectPayments().where(eq(payments.id, id));
      return rows[0] ?? null;
    },

    async paymentsOf(studentId: number, limit: number): Promise<PaymentRow[]> {
      return selectPayments()
        .where(eq(payments.studentId, studentId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },

    /** Pending card payments created before `before` become expired (of one student, or all). */
    async expirePending(before: Date, studentId?: number): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            eq(payments.status, 'pending'),
            eq(payments.method, 'card'),
            lt(payments.createdAt, before),
            studentId === undefined ? undefined : eq(payments.studentId, studentId),
          ),
        );
    },

    async staffPage(f: StaffFilter, page: number, pageSize: number) {
      const where = staffWhere(f);
      const [items, totals] = await Promise.all([
        selectPayments()
          .where(where)
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .limit(pageSize + 1)
          .offset((page - 1) * pageSize),
        db
          .select({
            total: sql<number>`count(*)::int`,
            paidTotal: sql<number>`coalesce(sum(${payments.received}) filter (where not ${payments.test}), 0)::bigint`,
          })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.studentId))
          .where(where),
      ]);
      return {
        items: items.slice(0, pageSize),
        hasMore: items.length > pageSize,
        total: Number(totals[0]?.total ?? 0),
        paidTotal: Number(totals[0]?.paidTotal ?? 0),
      };
    },

    async staffRows(f: StaffFilter, limit: number): Promise<PaymentRow[]> {
      return selectPayments().where(staffWhere(f)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit);
    },

    /**
     * Applies a provider's event once: the event is recorded under its id, and the payment changes only from the
     * states it may leave (pending, or expired: a paid or failed payment never changes). 'duplicate' when the event
     * was seen before, 'ignored' when the payment was in no state to change.
     */
    async applyEvent(e: {
      provider: string;
      eventId: string;
      type: string;
      payload: unknown;
      paymentId: number;
      change: { status: 'paid' } | { status: 'failed'; reason: string };
    }): Promise<'applied' | 'duplicate' | 'ignored'> {
      return changes.transaction(async (tx, change) => {
        const recorded = await tx
          .insert(paymentEvents)
          .values({
            provider: e.provider,
            eventId: e.eventId,
            type: e.type,
            payload: e.payload,
            paymentId: e.paymentId,
          })
          .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
          .returning({ id: paymentEvents.id });
        if (!recorded[0]) return 'duplicate';
        const changed = await tx
          .update(payments)
          .set(
            e.change.status === 'paid'
              ? {
                  status: 'paid',
                  received: sql`${payments.amount}`,
                  failureReason: null,
                  paidAt: sql`now()`,
                  updatedAt: sql`now()`,
                }
              : { status: 'failed', failureReason: e.change.reason, updatedAt: sql`now()` },
          )
          .where(and(eq(payments.id, e.paymentId), inArray(payments.status, ['pending', 'expired'])))
          .returning({ id: payments.id, studentId: payments.studentId });
        const [moved] = changed;
        if (!moved) return 'ignored';
        await change.record('payments', { paymentId: moved.id, studentId: moved.studentId, status: e.change.status });
        return 'applied';
      });
    },

    /**
     * A bank transfer made with a payment code, recorded once (by the event's id, and by the bank's reference): it adds
     * to the code's partly paid payment, or starts a new one. `due` says what the service asks for the money received
     * so far; the payment is paid once that much has arrived, else partly paid. The code's row is locked meanwhile, so
     * two transfers of one code at once add up.
     */
    async recordTransfer(e: {
      provider: string;
      eventId: string;
      payload: unknown;
      owner: CodeOwner;
      code: string;
      amount: number;
      providerRef: string;
      due: (received: number) => number;
    }): Promise<boolean> {
      return changes.transaction(async (tx, change) => {
        const recorded = await tx
          .insert(paymentEvents)
          .values({ provider: e.provider, eventId: e.eventId, type: 'transfer.received', payload: e.payload })
          .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
          .returning({ id: paymentEvents.id });
        if (!recorded[0]) return false;
        await tx.select({ id: paymentCodes.id }).from(paymentCodes).where(eq(paymentCodes.code, e.code)).for('update');
        const seen = await tx
          .select({ id: paymentTransfers.id })
          .from(paymentTransfers)
          .where(and(eq(paymentTransfers.provider, 'bank'), eq(paymentTransfers.providerRef, e.providerRef)));
        if (seen[0]) return false;
        const [open] = await tx
          .select({ id: payments.id, received: payments.received })
          .from(payments)
          .where(and(eq(payments.code, e.code), eq(payments.status, 'partial')));
        const received = (open?.received ?? 0) + e.amount;
        const due = e.due(received);
        const state = {
          amount: due,
          received,
          status: received >= due ? ('paid' as const) : ('partial' as const),
          paidAt: received >= due ? sql`now()` : null,
          updatedAt: sql`now()`,
        };
        const paymentId = open
          ? open.id
          : (
              await tx
                .insert(payments)
                .values({
                  studentId: e.owner.studentId,
                  serviceId: e.owner.serviceId,
                  academicYearId: e.owner.yearId,
                  code: e.code,
                  method: 'bank',
                  provider: 'bank',
                  providerRef: e.providerRef,
                  ...state,
                })
                .returning({ id: payments.id })
            )[0]?.id;
        if (paymentId === undefined) throw new Error('The payment of a transfer was not stored');
        if (open) await tx.update(payments).set(state).where(eq(payments.id, open.id));
        await tx
          .insert(paymentTransfers)
          .values({ paymentId, provider: 'bank', providerRef: e.providerRef, amount: e.amount });
        await tx.update(paymentEvents).set({ paymentId }).where(eq(paymentEvents.id, recorded[0].id));
        await change.record('payments', { paymentId, studentId: e.owner.studentId, status: state.status });
        return true;
      });
    },

    // The sandbox provider's own orders.

    async createSandboxOrder(order: typeof sandboxOrders.$inferInsert): Promise<void> {
      await db.insert(sandboxOrders).values(order);
    },

    async sandboxOrder(id: string): Promise<SandboxOrderRow | null> {
      const rows = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, id));
      return rows[0] ?? null;
    },

    /** Moves an order on only from the status it was read in (two submits at once: one wins). */
    async updateSandboxOrder(
      id: string,
      from: SandboxOrderRow['status'],
      patch: Partial<Pick<SandboxOrderRow, 'status' | 'codeAttempts'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(sandboxOrders)
        .set(patch)
        .where(and(eq(sandboxOrders.id, id), eq(sandboxOrders.status, from)))
        .returning({ id: sandboxOrders.id });
      return rows.length > 0;
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
