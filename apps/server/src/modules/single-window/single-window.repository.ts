import { orderWaitingLimits } from '@okuu/contracts/settings/orders';
import type { OrderStatus } from '@okuu/contracts/single-window/order';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import {
  districts,
  documentNumberSequence,
  documentOrders,
  documentTypes,
  type IssuedDocument,
  orderPurposes,
  regions,
} from '../../db/schema/single-window.ts';
import { departments, faculties, groups, specialities } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';
import type { Changes } from '../../lib/changes.ts';

export interface Named {
  id: number;
  name: string;
  nameKg: string;
  nameEn: string;
}

export interface OrderRow {
  id: number;
  studentId: number;
  status: OrderStatus;
  createdAt: Date;
  updatedAt: Date;
  document: Named;
  region: Named;
  district: Named;
  purpose: Named;
  number: string | null;
  issuedAt: Date | null;
  verificationCode: string | null;
  student: { id: number; fullName: string; group: string | null };
}

export interface OrderChoice {
  documentTypeId: number;
  regionId: number;
  districtId: number;
  purposeId: number;
}

/** What moving an order on came to. */
export type MoveOutcome = { kind: 'moved' } | { kind: 'missing' } | { kind: 'refused'; status: OrderStatus };

const fullName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;
const districtOfOrder = alias(districts, 'order_district');

function named(table: typeof documentTypes | typeof regions | typeof orderPurposes | typeof districtOfOrder) {
  return sql<Named>`json_build_object('id', ${table.id}, 'name', ${table.name}, 'nameKg', ${table.nameKg}, 'nameEn', ${table.nameEn})`;
}

function listColumns(table: typeof documentTypes | typeof regions | typeof orderPurposes | typeof districts) {
  return { id: table.id, name: table.name, nameKg: table.nameKg, nameEn: table.nameEn };
}

/** The rows of a raw query (node-postgres and PGlite both answer with `rows`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function createSingleWindowRepository(db: Db, changes: Changes) {
  function selectOrders(runner: Pick<Db, 'select'> = db) {
    return runner
      .select({
        id: documentOrders.id,
        studentId: documentOrders.studentId,
        status: documentOrders.status,
        createdAt: documentOrders.createdAt,
        updatedAt: documentOrders.updatedAt,
        document: named(documentTypes),
        region: named(regions),
        district: named(districtOfOrder),
        purpose: named(orderPurposes),
        number: documentOrders.number,
        issuedAt: documentOrders.issuedAt,
        verificationCode: documentOrders.verificationCode,
        student: sql<
          OrderRow['student']
        >`json_build_object('id', ${users.id}, 'fullName', ${fullName}, 'group', ${groups.name})`,
      })
      .from(documentOrders)
      .innerJoin(documentTypes, eq(documentTypes.id, documentOrders.documentTypeId))
      .innerJoin(regions, eq(regions.id, documentOrders.regionId))
      .innerJoin(districtOfOrder, eq(districtOfOrder.id, documentOrders.districtId))
      .innerJoin(orderPurposes, eq(orderPurposes.id, documentOrders.purposeId))
      .innerJoin(users, eq(users.id, documentOrders.studentId))
      .leftJoin(studentProfiles, eq(studentProfiles.userId, documentOrders.studentId))
      .leftJoin(groups, eq(groups.id, studentProfiles.groupId));
  }

  return {
    async documentTypes(): Promise<Named[]> {
      return db
        .select(listColumns(documentTypes))
        .from(documentTypes)
        .orderBy(documentTypes.position, documentTypes.id);
    },
    async regions(): Promise<Named[]> {
      return db.select(listColumns(regions)).from(regions).orderBy(regions.position, regions.id);
    },
    async districts(regionId: number): Promise<(Named & { regionId: number })[]> {
      return db
        .select({ ...listColumns(districts), regionId: districts.regionId })
        .from(districts)
        .where(eq(districts.regionId, regionId))
        .orderBy(districts.position, districts.id);
    },
    async purposes(): Promise<Named[]> {
      return db
        .select(listColumns(orderPurposes))
        .from(orderPurposes)
        .orderBy(orderPurposes.position, orderPurposes.id);
    },

    /** The fields of an order whose choice does not exist (a district counts only within the chosen region). */
    async unknownChoices(choice: OrderChoice): Promise<(keyof OrderChoice)[]> {
      const [row] = rowsOf<{ d: boolean; r: boolean; di: boolean; p: boolean }>(
        await db.execute(sql`
        select exists (select 1 from ${documentTypes} where ${documentTypes.id} = ${choice.documentTypeId}) as d,
               exists (select 1 from ${regions} where ${regions.id} = ${choice.regionId}) as r,
               exists (select 1 from ${districts}
                        where ${districts.id} = ${choice.districtId} and ${districts.regionId} = ${choice.regionId}) as di,
               exists (select 1 from ${orderPurposes} where ${orderPurposes.id} = ${choice.purposeId}) as p`),
      );
      const missing: (keyof OrderChoice)[] = [];
      if (!row?.d) missing.push('documentTypeId');
      if (!row?.r) missing.push('regionId');
      if (!row?.di) missing.push('districtId');
      if (!row?.p) missing.push('purposeId');
      return missing;
    },

    /**
     * Places an order unless the student has `limit` open ones (waiting or being prepared) already: the count and
     * the insert run under a lock on the student's row, so that parallel requests cannot pass the limit together.
     */
    async placeOrder(studentId: number, choice: OrderChoice, limit: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, studentId)).for('update');
        const [open] = await tx
          .select({ n: count() })
          .from(documentOrders)
          .where(
            and(eq(documentOrders.studentId, studentId), inArray(documentOrders.status, ['waiting', 'preparing'])),
          );
        if ((open?.n ?? 0) >= limit) return null;
        const [created] = await tx
          .insert(documentOrders)
          .values({ studentId, ...choice })
          .returning({ id: documentOrders.id });
        return created?.id ?? null;
      });
    },

    async order(id: number): Promise<OrderRow | null> {
      const rows = await selectOrders().where(eq(documentOrders.id, id)).limit(1);
      return (rows[0] as OrderRow | undefined) ?? null;
    },

    async studentOrders(studentId: number, limit: number): Promise<OrderRow[]> {
      return (await selectOrders()
        .where(eq(documentOrders.studentId, studentId))
        .orderBy(desc(documentOrders.createdAt), desc(documentOrders.id))
        .limit(limit)) as OrderRow[];
    },

    /** A page of the orders in `status`: the open ones oldest first (a queue), the finished ones newest first. */
    async queue(status: OrderStatus, offset: number, limit: number): Promise<OrderRow[]> {
      const open = status === 'waiting' || status === 'preparing';
      return (await selectOrders()
        .where(eq(documentOrders.status, status))
        .orderBy(
          open ? asc(documentOrders.createdAt) : desc(documentOrders.updatedAt),
          open ? asc(documentOrders.id) : desc(documentOrders.id),
        )
        .offset(offset)
        .limit(limit)) as OrderRow[];
    },

    async countsByStatus(): Promise<Partial<Record<OrderStatus, number>>> {
      const rows = await db
        .select({ status: documentOrders.status, n: count() })
        .from(documentOrders)
        .groupBy(documentOrders.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    /**
     * Moves order `id` to `to` in one transaction, if it is (still) in one of `from` and belongs to `ownerId` when
     * that is given: the row is locked, its status read, and the update made only from the status read. Issuing
     * (`to` 'prepared') also numbers the document, stores `code` and keeps the student's data of today, built by
     * `describe` from what the database knows.
     */
    async move(
      id: number,
      to: OrderStatus,
      opts: {
        from: readonly OrderStatus[];
        by: number;
        ownerId?: number;
        issue?: { code: string; describe: (facts: StudentFacts) => IssuedDocument };
      },
    ): Promise<MoveOutcome> {
      return changes.transaction(async (tx, change) => {
        const [row] = await tx
          .select({ status: documentOrders.status, studentId: documentOrders.studentId })
          .from(documentOrders)
          .where(eq(documentOrders.id, id))
          .for('update');
        // A refusal changes nothing (and so writes no audit row).
        const refusal = (outcome: MoveOutcome) => {
          change.unchanged();
          return outcome;
        };
        if (!row || (opts.ownerId !== undefined && row.studentId !== opts.ownerId)) return refusal({ kind: 'missing' });
        if (!opts.from.includes(row.status)) return refusal({ kind: 'refused', status: row.status });
        let issue = {};
        let number: string | undefined;
        if (to === 'prepared' && opts.issue) {
          const facts = await studentFacts(tx, id);
          if (!facts) return refusal({ kind: 'missing' });
          // The number: the year of issue (Bishkek time) and the next of one sequence, e.g. 2026-00017.
          const [numbered] = rowsOf<{ n: string; year: string }>(
            await tx.execute(
              sql`select nextval('${sql.raw(documentNumberSequence)}')::text as n, extract(year from now() at time zone 'Asia/Bishkek')::text as year`,
            ),
          );
          number = `${numbered?.year}-${String(numbered?.n).padStart(5, '0')}`;
          issue = {
            number,
            issuedAt: sql`now()`,
            verificationCode: opts.issue.code,
            issued: opts.issue.describe(facts),
          };
        }
        await tx
          .update(documentOrders)
          .set({ status: to, changedBy: opts.by, updatedAt: sql`now()`, ...issue })
          .where(and(eq(documentOrders.id, id), eq(documentOrders.status, row.status)));
        change.audit({
          targetType: 'order',
          targetId: id,
          before: { status: row.status },
          after: { status: to, ...(number ? { number } : {}) },
        });
        change.announce('orders', String(row.studentId));
        // Staff moved it: its student hears of it (the notifications read this).
        if (opts.ownerId === undefined) {
          await change.record('orders', { orderId: id, studentId: row.studentId, status: to }, String(row.studentId));
        }
        return { kind: 'moved' };
      });
    },

    /**
     * The periodic job's step: claims the orders still waiting longer than the portal's setting (`orderWaitingHours`,
     * as the staff settings keep it) that staff were not told of yet, and records each on the change path, all in one
     * transaction: an order claimed by one instance is never claimed again. Answers how many it announced.
     */
    async announceWaiting(at: Date): Promise<number> {
      return changes.transaction(async (tx, change) => {
        const claimed = rowsOf<{ orderId: number; studentId: number; hours: number }>(
          await tx.execute(sql`
            with limit_ as (
              select coalesce((select (value #>> '{}')::numeric from settings where key = 'orderWaitingHours'
                and jsonb_typeof(value) = 'number'), ${orderWaitingLimits.byDefault}) as hours),
            made as (
              insert into order_waiting_notices (order_id)
              select o.id from document_orders o, limit_ l
              where o.status = 'waiting'
                and o.created_at <= ${at.toISOString()}::timestamptz - make_interval(secs => l.hours * 3600)
              order by o.created_at limit 500
              on conflict do nothing
              returning order_id)
            select m.order_id as "orderId", o.student_id as "studentId", (select hours from limit_)::float8 as hours
            from made m join document_orders o on o.id = m.order_id order by m.order_id`),
        );
        for (const c of claimed) {
          await change.record('orders', { event: 'waiting', orderId: c.orderId, hours: c.hours }, String(c.studentId));
        }
        if (!claimed.length) change.unchanged();
        return claimed.length;
      });
    },

    /** What an issued document shows (its data as kept on the day of issue), by its verification code. */
    async issuedByCode(
      code: string,
    ): Promise<{ id: number; number: string; issuedAt: Date; issued: IssuedDocument; documentTypeId: number } | null> {
      const [row] = await db
        .select({
          id: documentOrders.id,
          number: documentOrders.number,
          issuedAt: documentOrders.issuedAt,
          issued: documentOrders.issued,
          documentTypeId: documentOrders.documentTypeId,
        })
        .from(documentOrders)
        .where(and(eq(documentOrders.verificationCode, code), eq(documentOrders.status, 'prepared')))
        .limit(1);
      if (!row?.number || !row.issuedAt || !row.issued) return null;
      return {
        id: row.id,
        number: row.number,
        issuedAt: row.issuedAt,
        issued: row.issued,
        documentTypeId: row.documentTypeId,
      };
    },

    /** The issued document of an order (null until it is prepared). */
    async issued(
      id: number,
    ): Promise<{ studentId: number; number: string; issuedAt: Date; code: string; issued: IssuedDocument } | null> {
      const [row] = await db
        .select({
          studentId: documentOrders.studentId,
          number: documentOrders.number,
          issuedAt: documentOrders.issuedAt,
          code: documentOrders.verificationCode,
          issued: documentOrders.issued,
        })
        .from(documentOrders)
        .where(and(eq(documentOrders.id, id), eq(documentOrders.status, 'prepared')))
        .limit(1);
      if (!row?.number || !row.issuedAt || !row.code || !row.issued) return null;
      return {
        studentId: row.studentId,
        number: row.number,
        issuedAt: row.issuedAt,
        code: row.code,
        issued: row.issued,
      };
    },
  };
}

/** What the database knows of the student of an order, and of the order's choices, for the document. */
export interface StudentFacts {
  fullName: string;
  gender: 'male' | 'female' | null;
  birthDate: string | null;
  group: string;
  admissionYear: number;
  studyForm: 'full_time' | 'part_time';
  faculty: Omit<Named, 'id'>;
  speciality: Omit<Named, 'id'> & { code: string };
  document: Omit<Named, 'id'>;
  purpose: Omit<Named, 'id'>;
  region: Omit<Named, 'id'>;
  district: Omit<Named, 'id'>;
}

async function studentFacts(db: Db, orderId: number): Promise<StudentFacts | null> {
  const name = (t: { name: unknown; nameKg: unknown; nameEn: unknown }) =>
    sql<Omit<Named, 'id'>>`json_build_object('name', ${t.name}, 'nameKg', ${t.nameKg}, 'nameEn', ${t.nameEn})`;
  const [row] = await db
    .select({
      fullName,
      gender: users.gender,
      birthDate: users.birthDate,
      group: groups.name,
      admissionYear: groups.admissionYear,
      studyForm: groups.studyForm,
      faculty: name(faculties),
      speciality: sql<
        StudentFacts['speciality']
      >`json_build_object('code', ${specialities.code}, 'name', ${specialities.name}, 'nameKg', ${specialities.nameKg}, 'nameEn', ${specialities.nameEn})`,
      document: name(documentTypes),
      purpose: name(orderPurposes),
      region: name(regions),
      district: name(districtOfOrder),
    })
    .from(documentOrders)
    .innerJoin(users, eq(users.id, documentOrders.studentId))
    .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .innerJoin(groups, eq(groups.id, studentProfiles.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .innerJoin(departments, eq(departments.id, specialities.departmentId))
    .innerJoin(faculties, eq(faculties.id, departments.facultyId))
    .innerJoin(documentTypes, eq(documentTypes.id, documentOrders.documentTypeId))
    .innerJoin(orderPurposes, eq(orderPurposes.id, documentOrders.purposeId))
    .innerJoin(regions, eq(regions.id, documentOrders.regionId))
    .innerJoin(districtOfOrder, eq(districtOfOrder.id, documentOrders.districtId))
    .where(eq(documentOrders.id, orderId))
    .limit(1);
  return (row as StudentFacts | undefined) ?? null;
}

export type SingleWindowRepository = ReturnType<typeof createSingleWindowRepository>;
