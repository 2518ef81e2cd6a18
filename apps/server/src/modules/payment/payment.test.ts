import { randomUUID } from 'node:crypto';
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
import { payments } from '../../db/schema/payment.ts';
import { decodeElqr } from './elqr.ts';
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

async function startCard(cookie: string, service = fixed, amount = service.price, idempotencyKey = key()) {
  return t.call(payByCard, { id_year: year, id_uslug: service.id, amount, idempotencyKey }, { cookie });
}

function sessionOf(redirectUrl: string | null): string {
  return (redirectUrl ?? '').split('/').pop() as string;
}

async function callback(
  event: Partial<CallbackEvent> & Pick<CallbackEvent, 'type' | 'amount' | 'providerRef'>,
  key = secret,
) {
  const full: CallbackEvent = {
    eventId: randomUUID(),
    currency: 'KGS',
    occurredAt: new Date().toISOString(),
    ...event,
  };
  const body = signCallback(key, full);
  const res = await t.app.inject({ method: 'POST', url: paymentCallback.path, payload: body });
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
    const before = await count();
    const k = key();
    const first = await startCard(student, fixed, fixed.price, k);
    const retried = await startCard(student, fixed, fixed.price, k);
    expect(retried.body.data.payment.id).toBe(first.body.data.payment.id);
    expect(retried.body.data.redirectUrl).toBe(first.body.data.redirectUrl);
    const k2 = key();
    const clicks = await Promise.all([1, 2, 3].map(() => startCard(student, fixed, fixed.price, k2)));
    expect(new Set(clicks.map((c) => c.body.data.payment.id)).size).toBe(1);
    expect(new Set(clicks.map((c) => c.body.data.redirectUrl)).size).toBe(1);
    expect(await count()).toBe(before + 2);
    // The same key for another payment is a conflict; another student's same key is their own payment.
    expect((await startCard(student, editable, editable.price, k)).status).toBe(409);
    const theirs = await startCard(other, fixed, fixed.price, k);
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
    expect(paid.body.data.paidTotal).toBe(paid.body.data.items.reduce((sum, p) => sum + p.amount, 0));
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
    const text = csv.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('Код оплаты');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((l) => l.includes(',paid,'))).toBe(true);

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
    expect(typeof sheet?.getRow(2).getCell(11).value).toBe('number');
    const denied = await t.app.inject({
      method: 'GET',
      url: `${staffPaymentsExport.path}?format=csv`,
      headers: { cookie: student },
    });
    expect(denied.statusCode).toBe(403);
  });
});
