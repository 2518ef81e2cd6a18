import { documentsMine, documentsRegister, documentsRevoke } from '@okuu/contracts/documents/documents';
import { sheetClose, teacherSheets } from '@okuu/contracts/grading/sheets';
import { orderSave, orderStatus, verifyDocument } from '@okuu/contracts/single-window/orders';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let student: string; // student1
let otherStudent: string; // student2
let teacher: string; // teacher1
let staff: string;
const ids: Record<string, number> = {};
/** Issued references: student1's and student2's. */
let mineRef: { id_order: number; number: string; verificationCode: string };
let otherRef: { id_order: number; number: string; verificationCode: string };

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Places an order as `cookie` and has staff issue it. */
async function issueReference(cookie: string) {
  const placed = await t.call(orderSave, { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 }, { cookie });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const id = placed.body.data.id_order as number;
  expect((await t.call(orderStatus, { id_order: id, status: 'preparing' }, { cookie: staff })).status).toBe(200);
  const done = await t.call(orderStatus, { id_order: id, status: 'prepared' }, { cookie: staff });
  expect(done.status).toBe(200);
  return done.body.data as { id_order: number; number: string; verificationCode: string };
}

const auditCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]?.n;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.kg' });
  [student, otherStudent, teacher, staff] = await Promise.all([
    t.signIn('student1'),
    t.signIn('student2'),
    t.signIn('teacher1'),
    t.signIn('staff1'),
  ]);
  for (const r of await rows<{ login: string; id: number }>(
    sql`select login, id from users where login in ('student1', 'student2', 'teacher1')`,
  )) {
    ids[r.login] = r.id;
  }
  mineRef = await issueReference(student);
  otherRef = await issueReference(otherStudent);
});
afterAll(() => t.close());

describe("a person's documents", () => {
  it("lists a student's own references, receipts and transcript, never another's", async () => {
    const res = await t.call(documentsMine, { lang: 'en' }, { cookie: student });
    expect(res.status).toBe(200);
    const docs = res.body.data as { kind: string; id: number; person: { id: number }; number: string | null }[];
    expect(docs.every((d) => d.person.id === ids.student1)).toBe(true);
    const [expected] = await rows<{ refs: number; receipts: number; transcript: number }>(sql`select
      (select count(*)::int from document_orders where student_id = ${ids.student1} and status = 'prepared') as refs,
      (select count(*)::int from payments where student_id = ${ids.student1} and status = 'paid') as receipts,
      (select count(distinct student_id)::int from final_results where student_id = ${ids.student1}) as transcript`);
    const count = (kind: string) => docs.filter((d) => d.kind === kind).length;
    expect(count('reference')).toBe(expected?.refs);
    expect(count('receipt')).toBe(expected?.receipts);
    expect(count('transcript')).toBe(expected?.transcript);
    expect(count('gradingSheet')).toBe(0);
    expect(docs.find((d) => d.kind === 'reference' && d.id === otherRef.id_order)).toBeUndefined();
    const ref = res.body.data.find(
      (d: { id: number; kind: string }) => d.kind === 'reference' && d.id === mineRef.id_order,
    );
    expect(ref).toMatchObject({
      number: mineRef.number,
      code: mineRef.verificationCode,
      verifyUrl: `/lms/public/verify/${mineRef.verificationCode}`,
      downloadUrl: `/api/singlewindow/order/document.file?id=${mineRef.id_order}`,
      title: { nameEn: 'Certificate of study' },
      revoked: null,
    });
    // Newest first.
    const times = docs.map((d) => Date.parse((d as unknown as { issued: string }).issued));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('downloads each again through the call that issued it: the holder may, another student may not', async () => {
    const docs = (await t.call(documentsMine, { lang: 'ru' }, { cookie: student })).body.data as {
      kind: string;
      downloadUrl: string;
    }[];
    for (const kind of ['reference', 'transcript']) {
      const doc = docs.find((d) => d.kind === kind);
      if (!doc) continue;
      const own = await t.app.inject({ method: 'GET', url: doc.downloadUrl, headers: { cookie: student } });
      expect(own.statusCode, `${kind} ${own.body.slice(0, 200)}`).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
    }
    const ref = docs.find((d) => d.kind === 'reference') as { downloadUrl: string };
    const other = await t.app.inject({ method: 'GET', url: ref.downloadUrl, headers: { cookie: otherStudent } });
    expect(other.statusCode).toBe(404);
  });

  it("ignores whom the client says it is: another student's id gets the caller's own list", async () => {
    const res = await t.call(documentsMine, { uid: ids.student1, role: 2 }, { cookie: otherStudent });
    expect(res.status).toBe(200);
    expect(res.body.data.every((d: { person: { id: number } }) => d.person.id === ids.student2)).toBe(true);
    expect(
      res.body.data.some((d: { id: number; kind: string }) => d.kind === 'reference' && d.id === otherRef.id_order),
    ).toBe(true);
  });

  it('lists a teacher the grading sheets they closed (downloadable), and not another teacher', async () => {
    const sheets = (await t.call(teacherSheets, {}, { cookie: teacher })).body.data as { id: number; status: string }[];
    const open = sheets.find((s) => s.status === 'open');
    expect(open).toBeDefined();
    const closed = await t.call(sheetClose, { id: open?.id, confirm: true }, { cookie: teacher });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const res = await t.call(documentsMine, {}, { cookie: teacher });
    expect(res.status).toBe(200);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from grading_sheets where status = 'closed' and closed_by = ${ids.teacher1}`,
    );
    expect(res.body.data.length).toBe(count?.n);
    expect(res.body.data.every((d: { kind: string }) => d.kind === 'gradingSheet')).toBe(true);
    const sheet = res.body.data.find((d: { id: number }) => d.id === open?.id);
    expect(sheet).toMatchObject({ kind: 'gradingSheet', person: { id: ids.teacher1 }, number: null, code: null });
    const pdf = await t.app.inject({ method: 'GET', url: sheet?.downloadUrl, headers: { cookie: teacher } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const other = await t.call(documentsMine, {}, { cookie: await t.signIn('teacher2') });
    expect(other.body.data.some((d: { id: number }) => d.id === open?.id)).toBe(false);
  });

  it('keeps the register from students and teachers', async () => {
    for (const cookie of [student, teacher]) {
      expect((await t.call(documentsRegister, {}, { cookie })).status).toBe(403);
      expect((await t.call(documentsRevoke, { kind: 'reference', id: 1, reason: 'x' }, { cookie })).status).toBe(403);
    }
  });
});

describe('the register (staff)', () => {
  const search = async (input: Record<string, unknown>) => {
    const res = await t.call(documentsRegister, input, { cookie: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as {
      items: { kind: string; id: number; number: string | null; person: { id: number; fullName: string } }[];
      total: number;
    };
  };

  it('finds a document by its number', async () => {
    const found = await search({ q: mineRef.number });
    expect(found.items.map((d) => [d.kind, d.id])).toContainEqual(['reference', mineRef.id_order]);
    expect(found.items.filter((d) => d.kind === 'reference').map((d) => d.id)).toEqual([mineRef.id_order]);
  });

  it('finds a document by its code, as typed (any case, no dashes)', async () => {
    const typed = mineRef.verificationCode.replace(/-/g, '').toLowerCase();
    const found = await search({ q: typed });
    expect(found.items.map((d) => [d.kind, d.id])).toEqual([['reference', mineRef.id_order]]);
  });

  it("finds a person's documents by name, and narrows by kind", async () => {
    const [person] = await rows<{ name: string }>(sql`select last_name as name from users where id = ${ids.student2}`);
    const all = await search({ q: person?.name });
    expect(all.items.some((d) => d.kind === 'reference' && d.id === otherRef.id_order)).toBe(true);
    expect(all.items.every((d) => d.person.fullName.includes(person?.name as string))).toBe(true);
    const refs = await search({ q: person?.name, kind: 'reference' });
    expect(refs.items.length).toBeGreaterThan(0);
    expect(refs.items.every((d) => d.kind === 'reference')).toBe(true);
    const transcripts = await search({ kind: 'transcript' });
    const [expected] = await rows<{ n: number }>(sql`select count(distinct student_id)::int as n from final_results`);
    expect(transcripts.total).toBe(expected?.n);
    expect(transcripts.items.every((d) => d.kind === 'transcript')).toBe(true);
  });

  it('downloads as staff through the staff calls', async () => {
    const found = await search({ kind: 'transcript' });
    const first = found.items[0] as unknown as { downloadUrl: string; id: number } | undefined;
    if (!first) return;
    expect(first.downloadUrl).toBe(`/api/transcript/student.file?id_student=${first.id}&lang=ru`);
  });
});

describe('revoking a document', () => {
  it('refuses bad input (no reason, an unknown kind) with 400 and changes nothing', async () => {
    const before = await databaseDigest(t);
    for (const input of [
      { kind: 'reference', id: mineRef.id_order },
      { kind: 'reference', id: mineRef.id_order, reason: '   ' },
      { kind: 'receipt', id: 1, reason: 'wrong' },
      { kind: 'reference', id: 'x', reason: 'wrong' },
      { kind: 'reference', id: mineRef.id_order, reason: 'x'.repeat(501) },
    ]) {
      const res = await t.call(documentsRevoke, input, { cookie: staff });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error.code).toBe('validation');
    }
    expect(await databaseDigest(t)).toBe(before);
  });

  it('answers 404 for a document not issued, and writes no audit row', async () => {
    const audits = await auditCount();
    const res = await t.call(
      documentsRevoke,
      { kind: 'reference', id: 2_000_000, reason: 'Ошибка' },
      { cookie: staff },
    );
    expect(res.status).toBe(404);
    expect(await auditCount()).toBe(audits);
  });

  it('revokes with a reason, audited; the verification page then says revoked and when, nothing else', async () => {
    const valid = await t.call(verifyDocument, { code: mineRef.verificationCode });
    expect(valid.body.data.status).toBe('valid');
    const audits = await auditCount();
    const res = await t.call(
      documentsRevoke,
      { kind: 'reference', id: mineRef.id_order, reason: 'Выдана по ошибке' },
      { cookie: staff },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'reference',
      id: mineRef.id_order,
      revoked: { reason: 'Выдана по ошибке' },
    });
    const [row] = await rows<{ action: string; login: string; targetId: number; after: { reason: string } }>(
      sql`select action, actor_login as login, target_id as "targetId", after from audit_log order by id desc limit 1`,
    );
    expect(await auditCount()).toBe((audits ?? 0) + 1);
    expect(row).toMatchObject({ action: 'document.revoke', login: 'staff1', targetId: mineRef.id_order });
    expect(row?.after.reason).toBe('Выдана по ошибке');

    const verified = await t.call(verifyDocument, { code: mineRef.verificationCode });
    expect(verified.status).toBe(200);
    expect(Object.keys(verified.body.data).sort()).toEqual(['revoked', 'status']);
    expect(verified.body.data.status).toBe('revoked');
    expect(Math.abs(Date.now() - Date.parse((verified.body.data as { revoked: string }).revoked))).toBeLessThan(60_000);
    expect(JSON.stringify(verified.body)).not.toContain(mineRef.number);

    // The holder's list says so, with the reason; the other student's document is untouched.
    const mine = (await t.call(documentsMine, {}, { cookie: student })).body.data;
    expect(
      mine.find((d: { kind: string; id: number }) => d.kind === 'reference' && d.id === mineRef.id_order)?.revoked,
    ).toMatchObject({
      reason: 'Выдана по ошибке',
    });
    expect((await t.call(verifyDocument, { code: otherRef.verificationCode })).body.data.status).toBe('valid');
    const revoked = (await t.call(documentsRegister, { revoked: 'yes' }, { cookie: staff })).body.data;
    expect(revoked.items.map((d: { id: number }) => d.id)).toEqual([mineRef.id_order]);
  });

  it('refuses to revoke it twice (409), writing no second audit row', async () => {
    const audits = await auditCount();
    const res = await t.call(
      documentsRevoke,
      { kind: 'reference', id: mineRef.id_order, reason: 'Ещё раз' },
      { cookie: staff },
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    expect(await auditCount()).toBe(audits);
  });
});
