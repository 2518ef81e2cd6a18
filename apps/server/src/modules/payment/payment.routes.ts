import { Readable } from 'node:stream';
import { bankApps } from '@okuu/contracts/payment/bank-apps';
import { paymentCallback } from '@okuu/contracts/payment/callback';
import { payByCard } from '@okuu/contracts/payment/card';
import { paymentHistory, paymentReceipt, paymentStatus } from '@okuu/contracts/payment/history';
import { paymentCode } from '@okuu/contracts/payment/payment-code-endpoint';
import { sandboxCheckout, sandboxConfirm, sandboxPay } from '@okuu/contracts/payment/sandbox';
import { paymentServices } from '@okuu/contracts/payment/services';
import { staffPayments, staffPaymentsExport } from '@okuu/contracts/payment/staff';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { exportFileName, paymentsCsv, paymentsXlsx } from './export.ts';
import { createPaymentRepository } from './payment.repository.ts';
import type { PaymentService } from './payment.service.ts';
import { createPaymentService } from './payment.service.ts';
import { receiptPdf } from './receipt.ts';
import type { SandboxService } from './sandbox.ts';
import { createSandboxProvider, createSandboxService } from './sandbox.ts';

const fileOf = (buffer: Buffer, type: string, name: string) =>
  new FileReply(Readable.from([buffer]), buffer.length, type, name);

export function paymentRoutes(
  service: PaymentService,
  sandbox: SandboxService,
  universityName: () => Promise<string>,
  now: () => Date,
): Binding[] {
  return [
    bind(paymentServices, async () => service.services()),
    bind(paymentCode, async ({ input, user }) => service.code(user, input)),
    bind(bankApps, async () => [...service.bankApps()]),
    bind(payByCard, async ({ input, user }) => service.payByCard(user, input)),
    bind(paymentHistory, async ({ user }) => service.history(user)),
    bind(paymentStatus, async ({ input, user }) => service.status(user, input.id)),
    bind(paymentReceipt, async ({ input, user }) => {
      const row = await service.paidPayment(user, input.id);
      const pdf = await receiptPdf(row, await universityName(), input.lang);
      return fileOf(pdf, 'application/pdf', `receipt-${row.id}.pdf`);
    }),
    bind(paymentCallback, async ({ input }) => service.callback(input)),
    bind(sandboxCheckout, async ({ input }) => sandbox.checkout(input.session)),
    bind(sandboxPay, async ({ input }) => sandbox.pay(input)),
    bind(sandboxConfirm, async ({ input }) => sandbox.confirm(input)),
    bind(staffPayments, async ({ input }) => service.staffList(input)),
    bind(staffPaymentsExport, async ({ input }) => {
      const rows = await service.staffRows(input);
      const name = exportFileName(input.lang, now(), input.format);
      return input.format === 'csv'
        ? fileOf(paymentsCsv(rows, input.lang), 'text/csv; charset=utf-8', name)
        : fileOf(
            await paymentsXlsx(rows, input.lang),
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            name,
          );
    }),
  ];
}

/**
 * Paid services. The sandbox card provider, when configured, sends its signed notifications to the portal's callback
 * the way a provider's server would: `deliver` makes an HTTP request of its own (no session, no browser).
 */
export function paymentModule(
  p: Platform,
  universityName: () => Promise<string>,
  deliver: (body: unknown) => Promise<number>,
) {
  const { payment: pay } = p.config;
  const { now } = p;
  const repo = createPaymentRepository(p.db, p.changes);
  const sandboxOn = pay.provider === 'sandbox';
  const service = createPaymentService({
    repo,
    config: pay,
    provider: sandboxOn ? createSandboxProvider({ repo, secret: pay.callbackSecret, ttlMs: pay.pendingMs, now }) : null,
    now,
  });
  const sandbox = createSandboxService({
    repo,
    secret: pay.callbackSecret,
    merchant: pay.elqr.name,
    now,
    enabled: sandboxOn,
    deliver,
    onDeliveryFailure: (status, event) => p.log.warn({ status, eventId: event.eventId }, 'sandbox callback refused'),
  });
  return { service, routes: paymentRoutes(service, sandbox, universityName, now) };
}
