import { roles } from '@okuu/contracts/endpoint';
import { receiptUrl } from '@okuu/contracts/payment/history';
import {
  amountAllowed,
  type PaidService,
  type Payment,
  paymentLimits,
  type StaffPayment,
} from '@okuu/contracts/payment/payment';
import { isPaymentCode, normalizePaymentCode } from '@okuu/contracts/payment/payment-code';
import type { PaymentConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/session.ts';
import { validationError } from '../../lib/validation.ts';
import { bankAppList } from './bank-apps.ts';
import { elqrLink, encodeElqr } from './elqr.ts';
import type { CodeOwner, PaymentRepository, PaymentRow, ServiceRow, StaffFilter } from './payment.repository.ts';
import { type CallbackEvent, type CardProvider, verifyCallback } from './provider.ts';

/** How far a notification's time may be from ours: older ones are refused as replays. */
const callbackWindowMs = 10 * 60_000;
/** A repeated request waits this long for the first one's card page. */
const checkoutWaitMs = 3000;

function toService(row: ServiceRow): PaidService {
  return {
    id: row.id,
    name: row.name,
    nameKg: row.nameKg,
    nameEn: row.nameEn,
    price: row.price,
    amountEditable: row.amountEditable,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
  };
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    amount: row.amount,
    received: row.received,
    test: row.test,
    currency: 'KGS',
    method: row.method,
    status: row.status,
    code: row.code,
    service: row.service,
    year: row.year,
    providerRef: row.providerRef,
    failureReason: row.failureReason,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    receiptUrl: row.status === 'paid' ? receiptUrl(row.id) : null,
  };
}

const toStaffPayment = (row: PaymentRow): StaffPayment => ({ ...toPayment(row), student: row.student });

export interface StaffFilterInput {
  status: StaffFilter['status'];
  method: StaffFilter['method'];
  id_uslug: number | null;
  id_year: number | null;
  from: string | null;
  to: string | null;
  q: string;
}

/**
 * What a service asks of bank transfers that have brought `received` tyiyn: its price; for a service whose amount the
 * payer chooses, what arrived as long as it is within the bounds (below them the least is due, above them the most, the
 * rest a surplus).
 */
export function amountDue(service: CodeOwner['service'], received: number): number {
  if (!service.amountEditable) return service.price;
  return Math.min(Math.max(received, service.minAmount), service.maxAmount);
}

/** A Bishkek calendar day (UTC+6, no daylight saving) as its first UTC instant. */
function bishkekDayStart(day: string): Date {
  const start = new Date(`${day}T00:00:00+06:00`);
  if (Number.isNaN(start.getTime())) throw validationError([{ path: [], rule: 'invalid_format' }]);
  return start;
}

export interface PaymentServiceDeps {
  repo: PaymentRepository;
  config: PaymentConfig;
  /** Null when card payments are off. */
  provider: CardProvider | null;
  now: () => Date;
}

export function createPaymentService(deps: PaymentServiceDeps) {
  const { repo, config, provider } = deps;
  const notFound = () => new AppError('not_found', 'There is no such payment.');

  async function serviceOf(id: number): Promise<ServiceRow> {
    const service = await repo.service(id);
    if (!service) throw new AppError('not_found', 'There is no such service.');
    return service;
  }

  async function yearOf(id: number) {
    const year = await repo.academicYear(id);
    if (!year) throw new AppError('not_found', 'There is no such academic year.');
    return year;
  }

  function checkAmount(service: ServiceRow, amount: number) {
    if (amountAllowed(service, amount)) return;
    throw new AppError(
      'validation',
      service.amountEditable
        ? `amount: must be from ${service.minAmount} to ${service.maxAmount} tyiyn for this service`
        : `amount: this service costs ${service.price} tyiyn`,
    );
  }

  /** The student's own id and group only (the spec's client sends them; the server never trusts them). */
  function checkSelf(user: AuthUser, ids: { id_student?: number | null; id_group?: number | null }) {
    if (ids.id_student != null && ids.id_student !== user.id) {
      throw new AppError('forbidden', 'A student may ask only for their own payment code.');
    }
    if (ids.id_group != null && ids.id_group !== user.groupId) {
      throw new AppError('forbidden', 'That is not your group.');
    }
  }

  const expireBefore = () => new Date(deps.now().getTime() - config.pendingMs);

  /** A student's payments pending or partly paid. */
  async function openOf(studentId: number): Promise<Payment[]> {
    await repo.expirePending(expireBefore(), studentId);
    return (await repo.paymentsOf(studentId, 200))
      .map(toPayment)
      .filter((p) => p.status === 'pending' || p.status === 'partial');
  }

  async function ownPayment(user: AuthUser, id: number): Promise<PaymentRow> {
    await repo.expirePending(expireBefore(), user.id);
    const row = await repo.payment(id);
    if (!row || row.studentId !== user.id) throw notFound();
    return row;
  }

  /** The card page of a payment the same idempotency key made before (its checkout may still be on its way). */
  async function checkoutOf(id: number): Promise<PaymentRow> {
    const until = Date.now() + checkoutWaitMs;
    for (;;) {
      const row = await repo.payment(id);
      if (!row) throw notFound();
      if (row.providerRef || row.status !== 'pending' || Date.now() > until) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  function staffFilter(f: StaffFilterInput): StaffFilter {
    const from = f.from ? bishkekDayStart(f.from) : null;
    const to = f.to ? new Date(bishkekDayStart(f.to).getTime() + 24 * 3600_000) : null;
    return { status: f.status, method: f.method, serviceId: f.id_uslug, yearId: f.id_year, from, to, q: f.q };
  }

  return {
    cardPayments: provider !== null,

    async services(): Promise<PaidService[]> {
      return (await repo.services()).map(toService);
    },

    async code(
      user: AuthUser,
      input: { id_year: number; id_uslug: number; id_group: number | null; id_student: number | null; amount?: number },
    ) {
      checkSelf(user, input);
      const [service, year] = await Promise.all([serviceOf(input.id_uslug), yearOf(input.id_year)]);
      const amount = input.amount ?? service.price;
      checkAmount(service, amount);
      const code = await repo.codeFor(user.id, service.id, year.id);
      const { elqr } = config;
      const payload = encodeElqr({
        providerId: elqr.providerId,
        serviceCode: elqr.serviceCode,
        account: elqr.account,
        transactionId: code,
        mcc: elqr.mcc,
        amount,
        name: elqr.name,
      });
      return {
        code,
        service: toService(service),
        year,
        amount,
        qr: { payload, link: elqrLink(elqr.linkPrefix, payload) },
      };
    },

    bankApps: () => bankAppList,

    async payByCard(
      user: AuthUser,
      input: { id_year: number; id_uslug: number; amount: number; idempotencyKey: string },
    ): Promise<{ payment: Payment; redirectUrl: string | null }> {
      if (!provider) {
        throw new AppError('card_payments_off', 'This portal takes no card payments: pay with the payment code.');
      }
      const [service, year] = await Promise.all([serviceOf(input.id_uslug), yearOf(input.id_year)]);
      checkAmount(service, input.amount);
      const repeated = async (id: number) => {
        const row = await checkoutOf(id);
        if (row.service.id !== service.id || row.year.id !== year.id || row.amount !== input.amount) {
          throw new AppError('conflict', 'This idempotency key was used for another payment.');
        }
        const open = row.status === 'pending' && row.providerRef !== null;
        return { payment: toPayment(row), redirectUrl: open ? provider.checkoutUrl(row.providerRef as string) : null };
      };
      const known = await repo.paymentIdByKey(user.id, input.idempotencyKey);
      if (known !== null) return repeated(known);
      // Going to the card page again (a new attempt, another click after coming back) reopens the attempt still open
      // for the same service, year and amount rather than leaving one more pending payment in the history.
      const open = await repo.openCardPayment({
        studentId: user.id,
        serviceId: service.id,
        yearId: year.id,
        amount: input.amount,
        provider: provider.name,
        since: expireBefore(),
      });
      if (open) return { payment: toPayment(open), redirectUrl: provider.checkoutUrl(open.providerRef as string) };
      const code = await repo.codeFor(user.id, service.id, year.id);
      const { id, created } = await repo.createCardPayment({
        studentId: user.id,
        serviceId: service.id,
        yearId: year.id,
        code,
        amount: input.amount,
        provider: provider.name,
        test: provider.test,
        idempotencyKey: input.idempotencyKey,
      });
      if (!created) return repeated(id);
      try {
        const checkout = await provider.createCheckout({
          orderId: String(id),
          amount: input.amount,
          description: { name: service.name, nameKg: service.nameKg, nameEn: service.nameEn },
          returnUrl: `/lms/paymentcode?payment=${id}`,
        });
        await repo.setProviderRef(id, checkout.providerRef);
        const row = await repo.payment(id);
        if (!row) throw notFound();
        return { payment: toPayment(row), redirectUrl: checkout.redirectUrl };
      } catch (err) {
        await repo.markFailed(id, 'provider_unavailable');
        if (err instanceof AppError) throw err;
        throw new AppError('unavailable', 'The card payment provider does not answer. Try again later.');
      }
    },

    async history(user: AuthUser): Promise<Payment[]> {
      await repo.expirePending(expireBefore(), user.id);
      return (await repo.paymentsOf(user.id, 200)).map(toPayment);
    },

    /** The student's payments still waiting for money or partly paid, newest first (as the payment screen lists them). */
    open: (user: AuthUser): Promise<Payment[]> => openOf(user.id),

    /** A student's payments pending or partly paid (the personal card; the caller checks access). */
    openOf,

    /** Staff: the payments made on a day (YYYY-MM-DD, Asia/Bishkek): how many, and the tyiyn paid. */
    async dayTotals(day: string): Promise<{ count: number; paidTotal: number }> {
      const filter = staffFilter({
        status: null,
        method: null,
        id_uslug: null,
        id_year: null,
        from: day,
        to: day,
        q: '',
      });
      const page = await repo.staffPage(filter, 1, 1);
      return { count: page.total, paidTotal: page.paidTotal };
    },

    async status(user: AuthUser, id: number): Promise<Payment> {
      return toPayment(await ownPayment(user, id));
    },

    /** A paid payment for its receipt: the payer's own, or any for staff. */
    async paidPayment(user: AuthUser, id: number): Promise<PaymentRow> {
      const row = await repo.payment(id);
      const mayRead = row && (row.studentId === user.id || user.role === roles.staff);
      if (!row || !mayRead || row.status !== 'paid') throw notFound();
      return row;
    },

    /**
     * A provider's notification: checked, then applied once. Bank transfers come this way whether or not card payments
     * are on (signed with the configured secret when no card provider reads them).
     */
    async callback(body: {
      data: string;
      signature: string;
    }): Promise<{ outcome: 'applied' | 'duplicate' | 'ignored' }> {
      const event = provider ? provider.readCallback(body) : verifyCallback(config.callbackSecret, body);
      const age = deps.now().getTime() - new Date(event.occurredAt).getTime();
      if (age > callbackWindowMs || age < -callbackWindowMs) {
        throw validationError([{ path: ['occurredAt'], rule: 'invalid' }]);
      }
      if (event.type === 'transfer.received') return { outcome: await applyTransfer(event) };
      const row = event.orderId && /^\d{1,9}$/.test(event.orderId) ? await repo.payment(Number(event.orderId)) : null;
      if (
        !provider ||
        row?.method !== 'card' ||
        row.provider !== provider.name ||
        row.providerRef !== event.providerRef
      ) {
        throw new AppError('not_found', 'The notification names no payment of this provider.');
      }
      if (row.amount !== event.amount) {
        throw new AppError('conflict', 'The amount of the notification differs from the payment.');
      }
      const outcome = await repo.applyEvent({
        provider: provider.name,
        eventId: event.eventId,
        type: event.type,
        payload: event,
        paymentId: row.id,
        change:
          event.type === 'payment.succeeded'
            ? { status: 'paid' }
            : { status: 'failed', reason: event.reason ?? 'failed' },
      });
      return { outcome };
    },

    async staffList(input: StaffFilterInput & { page: number }) {
      await repo.expirePending(expireBefore());
      const page = await repo.staffPage(staffFilter(input), input.page, paymentLimits.pageSize);
      return {
        items: page.items.map(toStaffPayment),
        page: input.page,
        pageSize: paymentLimits.pageSize,
        hasMore: page.hasMore,
        total: page.total,
        paidTotal: page.paidTotal,
      };
    },

    async staffRows(input: StaffFilterInput): Promise<PaymentRow[]> {
      await repo.expirePending(expireBefore());
      return repo.staffRows(staffFilter(input), paymentLimits.exportMax);
    },
  };

  /**
   * A bank transfer made with a payment code (as the payer typed it: spaces and dashes are dropped): what arrived is
   * added to the code's partly paid payment, or starts one; it is paid once the service's amount has arrived.
   */
  async function applyTransfer(event: CallbackEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    const code = normalizePaymentCode(event.paymentCode ?? '');
    const owner = isPaymentCode(code) ? await repo.codeOwner(code) : null;
    if (!owner) throw new AppError('not_found', 'The transfer names no known payment code.');
    const recorded = await repo.recordTransfer({
      provider: provider?.name ?? 'bank',
      eventId: event.eventId,
      payload: event,
      owner,
      code,
      amount: event.amount,
      providerRef: event.providerRef,
      due: (received) => amountDue(owner.service, received),
    });
    return recorded ? 'applied' : 'duplicate';
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>;
