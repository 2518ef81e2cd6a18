import { randomUUID } from 'node:crypto';
import { portalConfig } from '@okuu/contracts/misc/config';
import { getGroups } from '@okuu/contracts/misc/groups';
import { bankApps } from '@okuu/contracts/payment/bank-apps';
import { paymentCallback } from '@okuu/contracts/payment/callback';
import { payByCard } from '@okuu/contracts/payment/card';
import { paymentHistory, paymentReceipt, paymentStatus } from '@okuu/contracts/payment/history';
import type { PaidService } from '@okuu/contracts/payment/payment';
import { isPaymentCode } from '@okuu/contracts/payment/payment-code';
import { paymentCode } from '@okuu/contracts/payment/payment-code-endpoint';
import { sandboxCards, sandboxCheckout, sandboxConfirm, sandboxPay } from '@okuu/contracts/payment/sandbox';
import { paymentServices } from '@okuu/contracts/payment/services';
import { staffPayments, staffPaymentsExport } from '@okuu/contracts/payment/staff';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf.ts';
import { payments, sandboxOrders } from '../../db/schema/payment.ts';
import { readCsv } from '../staff-import/read-table.ts';
import { decodeElqr } from './elqr.ts';
import { exportFileName } from './export.ts';
import { type CallbackEvent, signCallback } from './provider.ts';

const secret = 'test-secret-of-the-payment-callbacks-0123456789';
let t: TestApp;
let student: string;
let other: string;
let teacher: string;
let staff: string;
let services: PaidService[];
let year: number;
let fixed: PaidService;
let editable: PaidService;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_CALLBACK_SECRET: secret });
  student = await t.signIn('student1');
  other = await t.signIn('student2');
  teacher = await t.signIn('teacher1');
  staff = await t.signIn('staff1');
  services = (await t.call(paymentServices, {}, { cookie: student })).body.data;
  fixed = services.find((s) => !s.amountEditable) as PaidService;
  editable = services.find((s) => s.amountEditable) as PaidService;
  const rows = (await t.database.db.execute(sql`SELECT max(id) AS id FROM academic_years`)) as unknown as {
    rows: { id: number }[];
  };
  year = Number(rows.rows[0]?.id) - 1;
});
afterAll(() => t.close());

const key = () => randomUUID();

/** An export's CSV as its header's columns and each line's cells by column. */
function csvRows(body: string): Record<string, string>[] {
  const [head, ...lines] = readCsv(Buffer.from(body), 100_000).map((r) => r.cells);
  return lines.map((cells) => Object.fromEntries((head ?? []).map((h, i) => [h, cells[i] ?? ''])));
}

async function startCard(cookie: string, service = fixed, amount = service.price, idempotencyKey = key()) {
  return t.call(payByCard, { id_year: year, id_uslug: service.id, amount, idempotencyKey }, { cookie });
}

function sessionOf(redirectUrl: string | null): string {
  return (redirectUrl ?? '').split('/').pop() as string;
}

async function callback(
  event: Partial<CallbackEvent> & Pick<CallbackEvent, 'type' | 'amount' | 'providerRef'>,
  key = secret,
  app = t.app,
) {
  const full: CallbackEvent = {
    eventId: randomUUID(),
    currency: 'KGS',
    occurredAt: new Date().toISOString(),
    ...event,
  };
  const body = signCallback(key, full);
  const res = await app.inject({ method: 'POST', url: paymentCallback.path, payload: body });
  return { status: res.statusCode, body: res.json(), sent: body };
}

describe('services and payment codes', () => {
  it('lists the services with prices in tyiyn, and the bank apps with their link prefixes', async () => {
    expect(services.length).toBeGreaterThanOrEqual(4);
    for (const s of services) {
      expect(Number.isInteger(s.price)).toBe(true);
      expect(s.name && s.nameKg && s.nameEn).toBeTruthy();
    }
    const apps = (await t.call(bankApps, {}, { cookie: student })).body.data;
    expect(apps[0]?.id).toBe('universal');
    expect(apps.map((a) => a.id)).toEqual(
      expect.arrayContaining(['mbank', 'odengi', 'bakai', 'optima', 'kicb', 'demir']),
    );
    for (const a of apps) {
      expect(a.prefix).toMatch(/^https:\/\//);
      expect(a.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });

  it("gives the student's own group", async () => {
    const res = await t.call(getGroups, { id_a_year: year }, { cookie: student });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });

  it('answers the same code every time (and at once), a different one per service, with a valid check digit', async () => {
    const input = { id_year: year, id_uslug: fixed.id };
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => t.call(paymentCode, input, { cookie: student })));
    expect(a?.status).toBe(200);
    const code = a?.body.data.code as string;
    expect(isPaymentCode(code)).toBe(true);
    expect(b?.body.data.code).toBe(code);
    expect(c?.body.data.code).toBe(code);
    expect((await t.call(paymentCode, input, { cookie: student })).body.data.code).toBe(code);
    const otherService = await t.call(paymentCode, { ...input, id_uslug: editable.id }, { cookie: student });
    expect(otherService.body.data.code).not.toBe(code);
    const otherYear = await t.call(paymentCode, { ...input, id_year: year - 1 }, { cookie: student });
    expect(otherYear.body.data.code).not.toBe(code);
    const otherStudent = await t.call(paymentCode, input, { cookie: other });
    expect(otherStudent.body.data.code).not.toBe(code);
  });

  it('answers the payment QR: its text decodes to the configured receiver, the code and the amount, hash valid', async () => {
    const res = await t.call(paymentCode, { id_year: year, id_uslug: fixed.id }, { cookie: student });
    const { qr, code, amount } = res.body.data;
    expect(amount).toBe(fixed.price);
    const decoded = decodeElqr(qr.payload);
    expect(decoded.hashValid).toBe(true);
    expect(decoded).toMatchObject({
      version: '01',
      kind: '12',
      providerId: t.config.payment.elqr.providerId,
      serviceCode: t.config.payment.elqr.serviceCode,
      account: t.config.payment.elqr.account,
      transactionId: code,
      mcc: t.config.payment.elqr.mcc,
      currency: '417',
      amount: fixed.price,
      name: t.config.payment.elqr.name,
    });
    expect(qr.link.startsWith(`${t.config.payment.elqr.linkPrefix}#`)).toBe(true);
    expect(decodeElqr(qr.link).hashValid).toBe(true);
  });

  it('takes an amount only where the service allows it', async () => {
    const base = { id_year: year, id_uslug: editable.id };
    const ok = await t.call(paymentCode, { ...base, amount: editable.minAmount + 1 }, { cookie: student });
    expect(ok.status).toBe(200);
    expect(decodeElqr(ok.body.data.qr.payload).amount).toBe(editable.minAmount + 1);
    for (const amount of [editable.minAmount - 1, editable.maxAmount + 1]) {
      expect((await t.call(paymentCode, { ...base, amount }, { cookie: student })).status).toBe(400);
    }
    const fixedWrong = await t.call(
      paymentCode,
      { id_year: year, id_uslug: fixed.id, amount: fixed.price - 1 },
      { cookie: student },
    );
    expect(fixedWrong.status).toBe(400);
    expect((await t.call(paymentCode, { ...base, amount: 10.5 }, { cookie: student })).status).toBe(400);
  });

  it("refuses another student's code and another group, and unknown services and years", async () => {
    const before = await databaseDigest(t);
    const input = { id_year: year, id_uslug: fixed.id };
    const me = (await t.call(getGroups, { id_a_year: year }, { cookie: student })).body.data[0]?.id_group as number;
    const theirs = (await t.call(getGroups, { id_a_year: year }, { cookie: other })).body.data[0];
    expect(theirs).toBeDefined();
    const otherId = Number(
      (
        (await t.database.db.execute(sql`SELECT id FROM users WHERE login = 'student2'`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows[0]?.id,
    );
    expect((await t.call(paymentCode, { ...input, id_student: otherId }, { cookie: student })).status).toBe(403);
    expect((await t.call(paymentCode, { ...input, id_group: me + 1 }, { cookie: student })).status).toBe(403);
    expect((await t.call(getGroups, { id_a_year: year, id_student: otherId }, { cookie: student })).status).toBe(403);
    expect((await t.call(paymentCode, { ...input, id_uslug: 99_999 }, { cookie: student })).status).toBe(404);
    expect((await t.call(paymentCode, { ...input, id_year: 1999 }, { cookie: student })).status).toBe(404);
    expect((await t.call(paymentCode, input, { cookie: teacher })).status).toBe(403);
    expect((await t.call(paymentCode, input, { cookie: staff })).status).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
  });
});

describe('card payments through the sandbox', () => {
  it('pays with the succeeding card: paid, in the history, with a receipt for the payer and staff only', async () => {
    const started = await startCard(student);
    expect(started.status).toBe(200);
    const { payment, redirectUrl } = started.body.data;
    expect(payment).toMatchObject({ status: 'pending', method: 'card', amount: fixed.price });
    expect(redirectUrl).toMatch(/^\/lms\/sandbox\/pay\/[A-Za-z0-9_-]{32}$/);
    const session = sessionOf(redirectUrl);
    const page = await t.call(sandboxCheckout, { session });
    expect(page.body.data).toMatchObject({ status: 'open', amount: fixed.price, orderId: String(payment.id) });
    expect(page.body.data.returnUrl).toBe(`/lms/paymentcode?payment=${payment.id}`);

    const paid = await t.call(sandboxPay, { session, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    expect(paid.body.data.status).toBe('paid');
    const status = await t.call(paymentStatus, { id: payment.id }, { cookie: student });
    expect(status.body.data).toMatchObject({ status: 'paid', providerRef: session });
    expect(status.body.data.paidAt).not.toBeNull();
    const history = (await t.call(paymentHistory, {}, { cookie: student })).body.data;
    expect(history.find((p) => p.id === payment.id)?.receiptUrl).toBe(`${paymentReceipt.path}?id=${payment.id}`);

    const receipt = await t.app.inject({
      method: 'GET',
      url: `${paymentReceipt.path}?id=${payment.id}&lang=kg`,
      headers: { cookie: student },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const byStaff = await t.app.inject({
      method: 'GET',
      url: `${paymentReceipt.path}?id=${payment.id}`,
      headers: { cookie: staff },
    });
    expect(byStaff.statusCode).toBe(200);
    for (const cookie of [other, teacher]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${paymentReceipt.path}?id=${payment.id}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.call(paymentStatus, { id: payment.id }, { cookie: other })).status).toBe(404);
    // A paid order cannot be paid again.
    const again = await t.call(sandboxPay, { session, cardNumber: sandboxCards.succeeds, expiry: '12/39', cvc: '123' });
    expect(again.status).toBe(409);
  });

  it('the declined card fails the payment, with no receipt', async () => {
    const { payment, redirectUrl } = (await startCard(student)).body.data;
    const res = await t.call(sandboxPay, {
      session: sessionOf(redirectUrl),
      cardNumber: sandboxCards.declined,
      expiry: '01/38',
      cvc: '000',
    });
    expect(res.body.data.status).toBe('declined');
    const status = (await t.call(paymentStatus, { id: payment.id }, { cookie: student })).body.data;
    expect(status).toMatchObject({ status: 'failed', failureReason: 'declined', receiptUrl: null, paidAt: null });
    const receipt = await t.app.inject({
      method: 'GET',
      url: `${paymentReceipt.path}?id=${payment.id}`,
      headers: { cookie: student },
    });
    expect(receipt.statusCode).toBe(404);
  });

  it('the card that asks for a code: a wrong code leaves fewer tries, the right one pays; three wrong ones decline', async () => {
    const first = (await startCard(student)).body.data;
    const session = sessionOf(first.redirectUrl);
    const asked = await t.call(sandboxPay, { session, cardNumber: sandboxCards.asksCode, expiry: '12/39', cvc: '123' });
    expect(asked.body.data).toMatchObject({ status: 'code_required', attemptsLeft: 3 });
    const wrong = await t.call(sandboxConfirm, { session, code: '000000' });
    expect(wrong.body.data).toMatchObject({ status: 'code_required', attemptsLeft: 2 });
    expect((await t.call(paymentStatus, { id: first.payment.id }, { cookie: student })).body.data.status).toBe(
      'pending',
    );
    const right = await t.call(sandboxConfirm, { session, code: '123456' });
    expect(right.body.data.status).toBe('paid');
    expect((await t.call(paymentStatus, { id: first.payment.id }, { cookie: student })).body.data.status).toBe('paid');

    const second = (await startCard(student)).body.data;
    const s2 = sessionOf(second.redirectUrl);
    await t.call(sandboxPay, { session: s2, cardNumber: sandboxCards.asksCode, expiry: '12/39', cvc: '123' });
    for (let i = 0; i < 3; i++) await t.call(sandboxConfirm, { session: s2, code: '111111' });
    expect((await t.call(sandboxCheckout, { session: s2 })).body.data.status).toBe('declined');
    expect((await t.call(paymentStatus, { id: second.payment.id }, { cookie: student })).body.data).toMatchObject({
      status: 'failed',
      failureReason: 'wrong_code',
    });
  });

  it('refuses an expired card and an unknown session', async () => {
    const { redirectUrl } = (await startCard(student)).body.data;
    const res = await t.call(sandboxPay, {
      session: sessionOf(redirectUrl),
      cardNumber: sandboxCards.succeeds,
      expiry: '01/20',
      cvc: '123',
    });
    expect(res.status).toBe(400);
    expect((await t.call(sandboxCheckout, { session: 'x'.repeat(32) })).status).toBe(404);
  });
});

describe('idempotency and amount tampering', () => {
  const count = async () =>
    Number(
      (
        (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM payments`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );

  it('one key is one payment: a retried request and a double click (at once) answer the same payment', async () => {
    // Amounts no other test of this file pays, so that no open attempt of theirs is reopened here.
    const before = await count();
    const k = key();
    const first = await startCard(student, editable, editable.minAmount + 21, k);
    const retried = await startCard(student, editable, editable.minAmount + 21, k);
    expect(retried.body.data.payment.id).toBe(first.body.data.payment.id);
    expect(retried.body.data.redirectUrl).toBe(first.body.data.redirectUrl);
    const k2 = key();
    const clicks = await Promise.all([1, 2, 3].map(() => startCard(student, editable, editable.minAmount + 22, k2)));
    expect(new Set(clicks.map((c) => c.body.data.payment.id)).size).toBe(1);
    expect(new Set(clicks.map((c) => c.body.data.redirectUrl)).size).toBe(1);
    expect(await count()).toBe(before + 2);
    // The same key for another payment is a conflict; another student's same key is their own payment.
    expect((await startCard(student, fixed, fixed.price, k)).status).toBe(409);
    const theirs = await startCard(other, editable, editable.minAmount + 21, k);
    expect(theirs.body.data.payment.id).not.toBe(first.body.data.payment.id);
  });

  it('the amount is fixed on the server: a changed amount is refused and nothing is stored', async () => {
    const before = await databaseDigest(t);
    for (const amount of [1, fixed.price - 1, fixed.price + 1]) {
      expect((await startCard(student, fixed, amount)).status).toBe(400);
    }
    expect((await startCard(student, editable, editable.maxAmount + 1)).status).toBe(400);
    expect(
      (
        await t.call(
          payByCard,
          { id_year: year, id_uslug: fixed.id, amount: -5, idempotencyKey: key() },
          { cookie: student },
        )
      ).status,
    ).toBe(400);
    expect(await databaseDigest(t)).toBe(before);
    const ok = await startCard(student, editable, editable.minAmount + 50);
    expect(ok.body.data.payment.amount).toBe(editable.minAmount + 50);
  });

  it('pending card payments expire after the configured time', async () => {
    const { payment } = (await startCard(student)).body.data;
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - t.config.payment.pendingMs - 60_000) })
      .where(eq(payments.id, payment.id));
    expect((await t.call(paymentStatus, { id: payment.id }, { cookie: student })).body.data.status).toBe('expired');
  });
});

describe("the provider's callback", () => {
  async function pending() {
    const { payment, redirectUrl } = (await startCard(student)).body.data;
    return { id: payment.id, ref: sessionOf(redirectUrl), amount: payment.amount };
  }
  const statusOf = async (id: number) => (await t.call(paymentStatus, { id }, { cookie: student })).body.data.status;

  it('a forged callback (another key, or changed data) changes nothing', async () => {
    const p = await pending();
    const before = await databaseDigest(t);
    const forged = await callback(
      { type: 'payment.succeeded', orderId: String(p.id), providerRef: p.ref, amount: p.amount },
      'not-the-secret',
    );
    expect(forged.status).toBe(403);
    const genuine = signCallback(secret, {
      eventId: randomUUID(),
      type: 'payment.failed',
      orderId: String(p.id),
      providerRef: p.ref,
      amount: p.amount,
      currency: 'KGS',
      occurredAt: new Date().toISOString(),
    });
    const event = JSON.parse(Buffer.from(genuine.data, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...event, type: 'payment.succeeded' })).toString('base64url');
    const res = await t.app.inject({
      method: 'POST',
      url: paymentCallback.path,
      payload: { data: tampered, signature: genuine.signature },
    });
    expect(res.statusCode).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
    expect(await statusOf(p.id)).toBe('pending');
  });

  it('a replayed callback changes nothing', async () => {
    const p = await pending();
    const first = await callback({
      type: 'payment.succeeded',
      orderId: String(p.id),
      providerRef: p.ref,
      amount: p.amount,
    });
    expect(first.body.data.outcome).toBe('applied');
    const paid = (await t.call(paymentStatus, { id: p.id }, { cookie: student })).body.data;
    const before = await databaseDigest(t);
    const replay = await t.app.inject({ method: 'POST', url: paymentCallback.path, payload: first.sent });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.outcome).toBe('duplicate');
    expect(await databaseDigest(t)).toBe(before);
    // A later, genuine 'failed' cannot undo a paid payment.
    const late = await callback({
      type: 'payment.failed',
      orderId: String(p.id),
      providerRef: p.ref,
      amount: p.amount,
      reason: 'declined',
    });
    expect(late.body.data.outcome).toBe('ignored');
    expect((await t.call(paymentStatus, { id: p.id }, { cookie: student })).body.data).toEqual(paid);
  });

  it('refuses old events, another amount, and a reference that is not the payment’s', async () => {
    const p = await pending();
    const before = await databaseDigest(t);
    const old = await callback({
      type: 'payment.succeeded',
      orderId: String(p.id),
      providerRef: p.ref,
      amount: p.amount,
      occurredAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(old.status).toBe(400);
    const more = await callback({
      type: 'payment.succeeded',
      orderId: String(p.id),
      providerRef: p.ref,
      amount: p.amount + 100,
    });
    expect(more.status).toBe(409);
    const wrongRef = await callback({
      type: 'payment.succeeded',
      orderId: String(p.id),
      providerRef: 'another',
      amount: p.amount,
    });
    expect(wrongRef.status).toBe(404);
    expect(await databaseDigest(t)).toBe(before);
    expect(await statusOf(p.id)).toBe('pending');
  });

  it('records a bank transfer made with a payment code once', async () => {
    const { code } = (await t.call(paymentCode, { id_year: year, id_uslug: fixed.id }, { cookie: other })).body.data;
    const ref = `TR-${randomUUID()}`;
    const first = await callback({
      type: 'transfer.received',
      providerRef: ref,
      amount: fixed.price,
      paymentCode: code,
    });
    expect(first.body.data.outcome).toBe('applied');
    const replay = await t.app.inject({ method: 'POST', url: paymentCallback.path, payload: first.sent });
    expect(replay.json().data.outcome).toBe('duplicate');
    const history = (await t.call(paymentHistory, {}, { cookie: other })).body.data.filter(
      (p) => p.providerRef === ref,
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ method: 'bank', status: 'paid', code, amount: fixed.price });
    const unknown = await callback({
      type: 'transfer.received',
      providerRef: 'x',
      amount: 100,
      paymentCode: '123456789',
    });
    expect([400, 404]).toContain(unknown.status);
  });
});

describe('staff reconciliation', () => {
  it('lists payments with filters and totals', async () => {
    const all = await t.call(staffPayments, {}, { cookie: staff });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThan(5);
    const paid = await t.call(staffPayments, { status: 'paid', method: 'card' }, { cookie: staff });
    expect(paid.body.data.items.every((p) => p.status === 'paid' && p.method === 'card')).toBe(true);
    // The sandbox's card payments are tests: none of their money counts.
    expect(paid.body.data.items.every((p) => p.test)).toBe(true);
    expect(paid.body.data.paidTotal).toBe(0);
    const bank = await t.call(staffPayments, { status: 'paid', method: 'bank' }, { cookie: staff });
    expect(bank.body.data.paidTotal).toBe(bank.body.data.items.reduce((sum, p) => sum + p.received, 0));
    expect(bank.body.data.paidTotal).toBeGreaterThan(0);
    const code = paid.body.data.items[0]?.code as string;
    const byCode = await t.call(staffPayments, { q: code }, { cookie: staff });
    expect(byCode.body.data.items.every((p) => p.code === code)).toBe(true);
    const byName = await t.call(
      staffPayments,
      { q: paid.body.data.items[0]?.student.fullName.split(' ')[0] },
      { cookie: staff },
    );
    expect(byName.body.data.total).toBeGreaterThan(0);
    const today = new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);
    const todays = await t.call(staffPayments, { from: today, to: today, id_uslug: fixed.id }, { cookie: staff });
    expect(todays.body.data.items.every((p) => p.service.id === fixed.id)).toBe(true);
    expect(todays.body.data.total).toBeGreaterThan(0);
    expect(
      (await t.call(staffPayments, { from: '2001-01-01', to: '2001-01-02' }, { cookie: staff })).body.data.total,
    ).toBe(0);
    expect((await t.call(staffPayments, {}, { cookie: student })).status).toBe(403);
  });

  it('exports CSV and XLSX', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `${staffPaymentsExport.path}?format=csv&status=paid`,
      headers: { cookie: staff },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csvRows(csv.body);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.Статус === 'Оплачено' && /^\d{9}$/.test(r['Код оплаты'] ?? ''))).toBe(true);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${staffPaymentsExport.path}?format=xlsx`,
      headers: { cookie: staff },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(4).value).toBe('Код оплаты');
    expect(sheet?.rowCount).toBeGreaterThan(2);
    expect(sheet?.getRow(1).getCell(12).value).toBe('К оплате, сом');
    expect(typeof sheet?.getRow(2).getCell(12).value).toBe('number');
    const denied = await t.app.inject({
      method: 'GET',
      url: `${staffPaymentsExport.path}?format=csv`,
      headers: { cookie: student },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('an installation configured as deploy/okuu.env.example (its own PostgreSQL, no PAYMENT_PROVIDER)', () => {
  let real: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // DATABASE_URL only tells the configuration this is a real installation; the test's own database is used.
    real = await createTestApp({
      DATABASE_URL: 'postgres://okuu@127.0.0.1:5432/okuu',
      PUBLIC_URL: 'https://portal.example.edu',
      PAYMENT_CALLBACK_SECRET: secret,
    });
    cookie = await real.signIn('student1');
  });
  afterAll(() => real.close());

  it('takes no card payment: config.json says so, the call is 409 card_payments_off, nothing is stored', async () => {
    expect((await real.call(portalConfig)).body.data.cardPayments).toBe(false);
    expect((await t.call(portalConfig)).body.data.cardPayments).toBe(true);
    const before = await databaseDigest(real);
    const res = await real.call(
      payByCard,
      { id_year: year, id_uslug: fixed.id, amount: fixed.price, idempotencyKey: key() },
      { cookie },
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('card_payments_off');
    expect(await databaseDigest(real)).toBe(before);
  });

  it('has no sandbox card page, and a forged sandbox notification pays nothing', async () => {
    // Even an open sandbox order in the database (left from a trial) cannot be paid here: the page is not there.
    const session = 'y'.repeat(32);
    await real.database.db.insert(sandboxOrders).values({
      id: session,
      orderId: '1',
      amount: fixed.price,
      description: { name: 'x', nameKg: 'x', nameEn: 'x' },
      returnUrl: '/lms/paymentcode',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect((await real.call(sandboxCheckout, { session })).status).toBe(404);
    const pay = { session, cardNumber: sandboxCards.succeeds, expiry: '12/39', cvc: '123' };
    expect((await real.call(sandboxPay, pay)).status).toBe(404);
    const res = await callback(
      { type: 'payment.succeeded', orderId: '1', providerRef: 'x'.repeat(32), amount: fixed.price },
      secret,
      real.app,
    );
    expect(res.status).toBe(404);
  });

  it('still records bank transfers made with a payment code', async () => {
    const { code } = (await real.call(paymentCode, { id_year: year, id_uslug: fixed.id }, { cookie })).body.data;
    const ref = `TR-${randomUUID()}`;
    const res = await callback(
      { type: 'transfer.received', providerRef: ref, amount: fixed.price, paymentCode: code },
      secret,
      real.app,
    );
    expect(res.body.data.outcome).toBe('applied');
    const paid = (await real.call(paymentHistory, {}, { cookie })).body.data.find((p) => p.providerRef === ref);
    expect(paid).toMatchObject({ status: 'paid', method: 'bank', test: false, received: fixed.price });
  });
});

describe('test payments', () => {
  it('a sandbox payment is marked as a test in the history, the staff list, the export and the receipt, and is never counted as paid', async () => {
    const totalBefore = (await t.call(staffPayments, {}, { cookie: staff })).body.data.paidTotal;
    const { payment, redirectUrl } = (await startCard(student, editable, editable.minAmount + 7)).body.data;
    const paid = await t.call(sandboxPay, {
      session: sessionOf(redirectUrl),
      cardNumber: sandboxCards.succeeds,
      expiry: '12/39',
      cvc: '123',
    });
    expect(paid.body.data.status).toBe('paid');
    const mine = (await t.call(paymentHistory, {}, { cookie: student })).body.data.find((p) => p.id === payment.id);
    expect(mine).toMatchObject({ status: 'paid', test: true, received: editable.minAmount + 7 });

    const list = (await t.call(staffPayments, { q: String(payment.id) }, { cookie: staff })).body.data;
    expect(list.items.find((p) => p.id === payment.id)?.test).toBe(true);
    expect((await t.call(staffPayments, {}, { cookie: staff })).body.data.paidTotal).toBe(totalBefore);

    const csv = await t.app.inject({
      method: 'GET',
      url: `${staffPaymentsExport.path}?format=csv&q=${payment.id}`,
      headers: { cookie: staff },
    });
    expect(csvRows(csv.body)[0]?.Тестовый).toBe('да');

    const receipt = await t.app.inject({
      method: 'GET',
      url: `${paymentReceipt.path}?id=${payment.id}`,
      headers: { cookie: student },
    });
    expect(receipt.statusCode).toBe(200);
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain('ТЕСТОВЫЙ ПЛАТЁЖ');
    expect(text).toContain('деньги не списывались');
  });
});

describe('bank transfers of another amount than the price', () => {
  /** A payment code of `cookie`'s student for `service` in a year no other test of this file pays in. */
  const codeOf = async (cookie: string, service: PaidService, inYear = year - 1) =>
    (await t.call(paymentCode, { id_year: inYear, id_uslug: service.id }, { cookie })).body.data.code;
  const transfer = (paymentCode: string, amount: number, ref = `TR-${randomUUID()}`) =>
    callback({ type: 'transfer.received', providerRef: ref, amount, paymentCode });
  const byCode = async (cookie: string, code: string) =>
    (await t.call(paymentHistory, {}, { cookie })).body.data.filter((p) => p.code === code);

  it('less than the price leaves the payment partly paid; later transfers with the same code add up to paid', async () => {
    const code = await codeOf(other, fixed);
    const totalBefore = (await t.call(staffPayments, {}, { cookie: staff })).body.data.paidTotal;
    expect((await transfer(code, 1)).body.data.outcome).toBe('applied');
    const [open] = await byCode(other, code);
    expect(open).toMatchObject({ status: 'partial', amount: fixed.price, received: 1, receiptUrl: null });
    // Staff see it, and what arrived counts as received.
    const listed = (await t.call(staffPayments, { q: code, status: 'partial' }, { cookie: staff })).body.data;
    expect(listed.items.map((p) => p.id)).toEqual([open?.id]);
    expect((await t.call(staffPayments, {}, { cookie: staff })).body.data.paidTotal).toBe(totalBefore + 1);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${staffPaymentsExport.path}?format=csv&q=${code}`,
      headers: { cookie: staff },
    });
    expect(csvRows(csv.body)).toMatchObject([
      {
        Статус: 'Оплачено частично',
        'К оплате, сом': (fixed.price / 100).toFixed(2),
        'Получено, сом': '0.01',
        'Остаток, сом': ((fixed.price - 1) / 100).toFixed(2),
      },
    ]);

    await transfer(code, 1000);
    await transfer(code, fixed.price - 1001);
    const payments = await byCode(other, code);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: open?.id, status: 'paid', amount: fixed.price, received: fixed.price });
    expect(payments[0]?.receiptUrl).not.toBeNull();
    // A later transfer of the code is a new payment (a second retake), not a surplus of the first.
    await transfer(code, fixed.price);
    expect((await byCode(other, code)).map((p) => p.status)).toEqual(['paid', 'paid']);
  });

  it('more than the price is paid, with the surplus shown to staff and on the receipt', async () => {
    const code = await codeOf(other, fixed, year - 2);
    await transfer(code, fixed.price + 500);
    const [paid] = await byCode(other, code);
    expect(paid).toMatchObject({ status: 'paid', amount: fixed.price, received: fixed.price + 500 });
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${staffPaymentsExport.path}?format=xlsx&q=${code}&lang=en`,
      headers: { cookie: staff },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const head = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (name: string) => sheet.getRow(2).getCell(head.indexOf(name) + 1).value;
    expect(cell('Surplus, som')).toBe(5);
    expect(cell('Received, som')).toBe((fixed.price + 500) / 100);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `${paymentReceipt.path}?id=${paid?.id}&lang=en`,
      headers: { cookie: other },
    });
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain('Surplus');
    expect(text).not.toContain('TEST PAYMENT');
  });

  it('a service whose amount the payer chooses: below its least, partly paid; within its bounds, paid as sent', async () => {
    const code = await codeOf(other, editable);
    await transfer(code, editable.minAmount - 100);
    expect((await byCode(other, code))[0]).toMatchObject({ status: 'partial', amount: editable.minAmount });
    await transfer(code, 300);
    expect((await byCode(other, code))[0]).toMatchObject({
      status: 'paid',
      amount: editable.minAmount + 200,
      received: editable.minAmount + 200,
    });
  });

  it('two transfers of one code at once add up in one payment', async () => {
    const code = await codeOf(student, fixed);
    const half = Math.floor(fixed.price / 2);
    await Promise.all([transfer(code, half), transfer(code, fixed.price - half)]);
    const payments = await byCode(student, code);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'paid', received: fixed.price });
  });

  it('a code typed with spaces or dashes is found; the same bank reference twice is one transfer', async () => {
    const code = await codeOf(student, editable);
    const ref = `TR-${randomUUID()}`;
    const spaced = `${code.slice(0, 3)} ${code.slice(3, 6)}-${code.slice(6)}`;
    expect((await transfer(spaced, editable.minAmount, ref)).body.data.outcome).toBe('applied');
    expect((await transfer(code, editable.minAmount, ref)).body.data.outcome).toBe('duplicate');
    expect(await byCode(student, code)).toMatchObject([{ status: 'paid', received: editable.minAmount }]);
  });
});

describe('going to the card page again', () => {
  it('reopens the attempt still open for the same service, year and amount: one pending payment in the history', async () => {
    const amount = editable.minAmount + 11;
    const pendingOf = async () =>
      (await t.call(paymentHistory, {}, { cookie: other })).body.data.filter(
        (p) => p.status === 'pending' && p.amount === amount,
      );
    const first = (await startCard(other, editable, amount)).body.data;
    const again = (await startCard(other, editable, amount)).body.data;
    expect(again.payment.id).toBe(first.payment.id);
    expect(again.redirectUrl).toBe(first.redirectUrl);
    expect(await pendingOf()).toHaveLength(1);
    // Once it is paid, the next "go to payment" is a new attempt.
    await t.call(sandboxPay, {
      session: sessionOf(first.redirectUrl),
      cardNumber: sandboxCards.succeeds,
      expiry: '1239',
      cvc: '123',
    });
    const next = (await startCard(other, editable, amount)).body.data;
    expect(next.payment.id).not.toBe(first.payment.id);
  });
});

describe('the sandbox card page', () => {
  it('reads an expiry typed without the slash, and refuses a malformed one naming the field', async () => {
    const { redirectUrl } = (await startCard(other, editable, editable.minAmount + 13)).body.data;
    const session = sessionOf(redirectUrl);
    const bad = await t.call(sandboxPay, { session, cardNumber: sandboxCards.declined, expiry: '13/29', cvc: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toEqual([{ path: ['expiry'], rule: 'invalid_format' }]);
    const ok = await t.call(sandboxPay, { session, cardNumber: '4000-0000-0000-0002', expiry: '12 29', cvc: '123' });
    expect(ok.body.data.status).toBe('declined');
  });
});

describe('staff exports', () => {
  it('write texts in the reader’s language and name the file by the day in Bishkek', async () => {
    expect(exportFileName('ru', new Date('2026-11-27T20:30:00Z'), 'csv')).toBe('platezhi-2026-11-28.csv');
    expect(exportFileName('en', new Date('2026-11-27T17:59:00Z'), 'xlsx')).toBe('payments-2026-11-27.xlsx');
    for (const [lang, header, method, status] of [
      ['ru', 'Способ', 'Банковский перевод', 'Оплачено'],
      ['kg', 'Ыкма', 'Банк которуусу', 'Төлөндү'],
      ['en', 'Method', 'Bank transfer', 'Paid'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${staffPaymentsExport.path}?format=csv&method=bank&status=paid&lang=${lang}`,
        headers: { cookie: staff },
      });
      expect(res.headers['content-disposition']).toMatch(/-\d{4}-\d{2}-\d{2}\.csv/);
      const rows = csvRows(res.body);
      const columns = Object.keys(rows[0] ?? {});
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row[header]).toBe(method);
        expect(row[columns[columns.indexOf(header) + 1] as string]).toBe(status);
      }
      expect(res.body).not.toMatch(/,(bank|card|paid|pending|failed),/);
    }
  });

  it('never let a spreadsheet read a field as a formula or split it on either delimiter', async () => {
    await t.database.db.execute(
      sql`UPDATE users SET last_name = 'Иванов;=1+2', first_name = '@SUM(A1)', patronymic = '"x"' WHERE login = 'student2'`,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `${staffPaymentsExport.path}?format=csv&q=${encodeURIComponent('Иванов')}`,
      headers: { cookie: staff },
    });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) {
      expect(line).toContain(`,"Иванов;'=1+2 @SUM(A1) ""x""",`);
      // Split as Excel in a Russian locale would (on ';'), no cell starts with a formula character.
      for (const cell of line.split(';')) expect(cell.replace(/^[\s"]*/, '')).not.toMatch(/^[=+\-@]/);
    }
    expect(csvRows(res.body)[0]?.Студент).toBe(`Иванов;'=1+2 @SUM(A1) "x"`);
  });
});
