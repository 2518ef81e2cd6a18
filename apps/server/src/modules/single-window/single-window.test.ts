import { districtList, documentList, purposeList, regionList } from '@okuu/contracts/single-window/lists';
import { verificationPagePath } from '@okuu/contracts/single-window/order';
import {
  orderCancel,
  orderDocument,
  orderList,
  orderQueue,
  orderSave,
  orderStatus,
  verifyDocument,
} from '@okuu/contracts/single-window/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { firstPage, pdfText } from '../../../test/pdf.ts';
import { documentOrders } from '../../db/schema/single-window.ts';
import { users } from '../../db/schema/users.ts';

let t: TestApp;
let student: string; // student1
let otherStudent: string; // student2
let teacher: string;
let staff: string;
let studentName: string;

/** A valid order: a certificate of study for the Leninsky district of Bishkek, 'to whom it may concern'. */
const certificate = { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 };

async function place(cookie: string, input: Record<string, unknown> = certificate) {
  return t.call(orderSave, input, { cookie });
}

async function move(id: number, status: string) {
  return t.call(orderStatus, { id_order: id, status }, { cookie: staff });
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.kg' });
  [student, otherStudent, teacher, staff] = await Promise.all([
    t.signIn('student1'),
    t.signIn('student2'),
    t.signIn('teacher1'),
    t.signIn('staff1'),
  ]);
  const [row] = await t.database.db
    .select({ name: sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})` })
    .from(users)
    .where(eq(users.login, 'student1'));
  studentName = row?.name as string;
});
afterAll(() => t.close());

describe('the lists of the order form', () => {
  it('names document types, regions, districts and purposes in three languages', async () => {
    const docs = (await t.call(documentList, {}, { cookie: student })).body.data;
    expect(docs.length).toBeGreaterThanOrEqual(6);
    expect(docs[0]).toEqual({
      id: 1,
      name: 'Справка с места учёбы',
      nameKg: 'Окуу жайынан маалымкат',
      nameEn: 'Certificate of study',
    });
    const regions = (await t.call(regionList, {}, { cookie: student })).body.data;
    expect(regions.map((r) => r.nameEn)).toEqual([
      'Bishkek City',
      'Osh City',
      'Batken Region',
      'Jalal-Abad Region',
      'Issyk-Kul Region',
      'Naryn Region',
      'Osh Region',
      'Talas Region',
      'Chüy Region',
    ]);
    let districtCount = 0;
    for (const region of regions) {
      const districts = (await t.call(districtList, { id_region: region.id }, { cookie: student })).body.data;
      expect(districts.length, region.nameEn).toBeGreaterThan(0);
      for (const d of districts) {
        expect(d.id_region).toBe(region.id);
        expect(d.name && d.nameKg && d.nameEn).toBeTruthy();
      }
      districtCount += districts.filter((d) => d.nameEn.endsWith('District')).length;
    }
    // Bishkek's 4 districts and the 40 of the oblasts.
    expect(districtCount).toBe(44);
    const chuy = (await t.call(districtList, { id_region: 9 }, { cookie: student })).body.data;
    expect(chuy.map((d) => d.name)).toContain('Сокулукский район');
    expect((await t.call(districtList, { id_region: 999 }, { cookie: student })).body.data).toEqual([]);
    const purposes = (await t.call(purposeList, {}, { cookie: student })).body.data;
    expect(purposes[0]?.name).toBe('По месту требования');
  });
});

describe('orders of a student', () => {
  it('needs every field, known records and a district of the region; nothing is stored otherwise', async () => {
    const before = await databaseDigest(t);
    for (const field of Object.keys(certificate)) {
      const { [field]: _, ...rest } = certificate as Record<string, number>;
      const res = await place(student, rest);
      expect(res.status, field).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
    const foreignDistrict = await place(student, { ...certificate, id_district: 54 });
    expect(foreignDistrict.status).toBe(400);
    expect(foreignDistrict.body.error.message).toContain('id_district');
    const unknown = await place(student, { ...certificate, id_doc: 999, id_naznachenie: 999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/id_doc.*id_naznachenie/);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('places an order that waits, in the history of its student only, and in the staff queue', async () => {
    const res = await place(student);
    expect(res.status).toBe(200);
    const order = res.body.data;
    expect(order).toMatchObject({
      status: 'waiting',
      document: { id: 1, nameEn: 'Certificate of study' },
      region: { id: 1 },
      district: { id: 1, name: 'Ленинский район' },
      purpose: { id: 1 },
      number: null,
      issued: null,
      verificationCode: null,
      documentUrl: null,
    });
    const mine = (await t.call(orderList, {}, { cookie: student })).body.data;
    expect(mine[0]?.id_order).toBe(order.id_order);
    const theirs = (await t.call(orderList, {}, { cookie: otherStudent })).body.data;
    expect(theirs.map((o) => o.id_order)).not.toContain(order.id_order);
    expect((await t.call(orderList, {}, { cookie: teacher })).status).toBe(403);
    const queue = (await t.call(orderQueue, { status: 'waiting' }, { cookie: staff })).body.data;
    const queued = queue.items.find((o) => o.id_order === order.id_order);
    expect(queued?.student).toMatchObject({ fullName: studentName });
    expect(queue.counts.waiting).toBe(queue.total);
  });

  it("lets a student cancel only their own order, only while it waits; another's is not found", async () => {
    const order = (await place(student)).body.data;
    const before = await databaseDigest(t);
    const foreign = await t.call(orderCancel, { id_order: order.id_order }, { cookie: otherStudent });
    expect(foreign.status).toBe(404);
    expect((await t.call(orderCancel, { id_order: 999_999 }, { cookie: student })).status).toBe(404);
    expect(await databaseDigest(t)).toBe(before);

    const canceled = await t.call(orderCancel, { id_order: order.id_order }, { cookie: student });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data.status).toBe('canceled');
    const again = await t.call(orderCancel, { id_order: order.id_order }, { cookie: student });
    expect(again.status).toBe(409);

    const taken = (await place(student)).body.data;
    expect((await move(taken.id_order, 'preparing')).status).toBe(200);
    const late = await t.call(orderCancel, { id_order: taken.id_order }, { cookie: student });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('conflict');
  });

  it('keeps at most 10 open orders per student', async () => {
    const student9 = await t.signIn('student9'); // no orders of the demo data
    const placed = [];
    for (let i = 0; i < 10; i++) placed.push(await place(student9));
    expect(placed.every((r) => r.status === 200)).toBe(true);
    const before = await databaseDigest(t);
    const over = await place(student9);
    expect(over.status).toBe(409);
    expect(await databaseDigest(t)).toBe(before);
    await t.call(orderCancel, { id_order: placed[0]?.body.data.id_order }, { cookie: student9 });
    expect((await place(student9)).status).toBe(200);
  });
});

describe('the status machine', () => {
  it('goes waiting → preparing → prepared, and refuses every other move with 409, changing nothing', async () => {
    const order = (await place(student)).body.data;
    const refused = async (status: string) => {
      const before = await databaseDigest(t);
      const res = await move(order.id_order, status);
      expect(res.status, status).toBe(409);
      expect(res.body.error.code).toBe('conflict');
      expect(await databaseDigest(t)).toBe(before);
    };
    await refused('prepared'); // no jump over 'preparing'
    expect((await move(order.id_order, 'preparing')).body.data.status).toBe('preparing');
    await refused('preparing');
    const prepared = await move(order.id_order, 'prepared');
    expect(prepared.status).toBe(200);
    expect(prepared.body.data).toMatchObject({ status: 'prepared', documentUrl: orderDocumentUrl(order.id_order) });
    expect(prepared.body.data.number).toMatch(/^\d{4}-\d{5}$/);
    expect(prepared.body.data.verificationCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // Nothing leaves 'prepared': no cancel of a prepared order.
    await refused('canceled');
    await refused('preparing');
    await refused('prepared');
  });

  it('never takes a canceled order on, and staff may cancel one in preparation', async () => {
    const order = (await place(student)).body.data;
    await t.call(orderCancel, { id_order: order.id_order }, { cookie: student });
    for (const status of ['preparing', 'prepared', 'canceled']) {
      expect((await move(order.id_order, status)).status, status).toBe(409);
    }
    const other = (await place(student)).body.data;
    await move(other.id_order, 'preparing');
    expect((await move(other.id_order, 'canceled')).body.data.status).toBe('canceled');
    expect((await move(other.id_order, 'prepared')).status).toBe(409);
    expect((await move(999_999, 'preparing')).status).toBe(404);
  });

  it('is held by the database too: a direct update from canceled to prepared fails', async () => {
    const order = (await place(student)).body.data;
    await t.call(orderCancel, { id_order: order.id_order }, { cookie: student });
    await expect(
      t.database.db.update(documentOrders).set({ status: 'preparing' }).where(eq(documentOrders.id, order.id_order)),
    ).rejects.toThrow();
    const [row] = await t.database.db
      .select({ status: documentOrders.status })
      .from(documentOrders)
      .where(eq(documentOrders.id, order.id_order));
    expect(row?.status).toBe('canceled');
  });

  it('lets one of two staff members who take up the same order at once win', async () => {
    const order = (await place(student)).body.data;
    const results = await Promise.all([move(order.id_order, 'preparing'), move(order.id_order, 'preparing')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

function orderDocumentUrl(id: number) {
  return `${orderDocument.path}?id=${id}`;
}

describe('the issued document and its verification', () => {
  let order: { id_order: number; number: string | null; verificationCode: string | null };

  beforeAll(async () => {
    const placed = (await place(student, { id_doc: 2, id_region: 5, id_district: 27, id_naznachenie: 4 })).body.data;
    await move(placed.id_order, 'preparing');
    order = (await move(placed.id_order, 'prepared')).body.data;
  });

  async function download(cookie: string | undefined, id = order.id_order) {
    return t.app.inject({
      method: 'GET',
      url: orderDocumentUrl(id),
      // Whatever host the request names, the document points at the configured public address.
      headers: { host: 'verify.evil.example', ...(cookie ? { cookie } : {}) },
    });
  }

  it('is a PDF of the student data, number and code, with a QR code of the verification page', async () => {
    const res = await download(student);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(studentName);
    expect(text).toContain(`№ ${order.number}`);
    expect(text).toContain(order.verificationCode as string);
    expect(text).toContain('Справка в военкомат');
    expect(text).toContain('Аскер комиссариатына маалымкат');
    expect(text).toContain('Тонский район');
    expect(text).toMatch(/Курс\s+2/);
    expect(text).toContain('(подпись)');
    // The name as kept, in the nominative, where no declension is needed ("выдана Жээнбеков…" was wrong).
    expect(text.replace(/\s+/g, ' ')).toContain(`Настоящим подтверждается, что ${studentName}`);
    expect(text).not.toMatch(/справка выдана [А-ЯЁ]/);
    const page = await firstPage(res.rawPayload);
    expect(page.qr).toBe(`https://portal.example.kg${verificationPagePath(order.verificationCode as string)}`);
    expect(text).not.toContain('evil.example');
  });

  it('goes to its student and to staff; to anyone else, and before it is prepared, it is not found', async () => {
    expect((await download(staff)).statusCode).toBe(200);
    expect((await download(otherStudent)).statusCode).toBe(404);
    expect((await download(teacher)).statusCode).toBe(404);
    expect((await download(undefined)).statusCode).toBe(401);
    const waiting = (await place(student)).body.data;
    expect((await download(student, waiting.id_order)).statusCode).toBe(404);
  });

  it('is confirmed by its code to anyone: number, date, name and kind, nothing else', async () => {
    const res = await t.call(verifyDocument, { code: order.verificationCode?.toLowerCase() });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['document', 'fullName', 'issued', 'number', 'status']);
    expect(res.body.data).toMatchObject({
      status: 'valid',
      number: order.number,
      fullName: studentName,
      document: { id: 2, nameEn: 'Certificate for the military registration office' },
    });
    expect(Date.now() - Date.parse((res.body.data as { issued: string }).issued)).toBeLessThan(60_000);

    const wrong = await t.call(verifyDocument, { code: 'AAAA-BBBB-CCCC' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.code).toBe('not_found');
    expect((await t.call(verifyDocument, { code: 'not a code' })).status).toBe(400);
  });

  it('is found by its code typed as people type it: no dashes, spaces, lower case, O for 0 and I or L for 1', async () => {
    const code = order.verificationCode as string;
    const plain = code.replace(/-/g, '');
    const typings = [
      plain,
      ` ${plain.toLowerCase()} `,
      `${plain.slice(0, 4)} ${plain.slice(4, 8)} ${plain.slice(8)}`,
      code.replace(/-/g, ' – '),
      code.replace(/0/g, 'O').replace(/1/g, 'l'),
    ];
    for (const typed of typings) {
      const res = await t.call(verifyDocument, { code: typed });
      expect(res.status, typed).toBe(200);
      expect((res.body.data as { number: string }).number, typed).toBe(order.number);
    }
    expect((await t.call(verifyDocument, { code: `${plain}U` })).status).toBe(400);
  });
});
