import { orderStatuses } from '@okuu/contracts/single-window/order';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// The single window: reference documents students order and staff issue (spec: Single-window).

const names = {
  position: smallint('position').notNull().default(0),
  name: text('name').notNull(),
  nameKg: text('name_kg').notNull(),
  nameEn: text('name_en').notNull(),
};

/** The kinds of reference document the university issues. */
export const documentTypes = pgTable('document_types', { id: serial('id').primaryKey(), ...names });

/** The regions of the Kyrgyz Republic: the cities of republican significance and the oblasts. */
export const regions = pgTable('regions', { id: serial('id').primaryKey(), ...names });

/** Districts of a region, and the cities of regional significance beside them. */
export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    ...names,
  },
  // (id, region_id) is what an order's district points at, so that a district always lies in the order's region.
  (t) => [unique('districts_id_region_unique').on(t.id, t.regionId)],
);

/** What a document is for (the spec's naznachenie). */
export const orderPurposes = pgTable('order_purposes', { id: serial('id').primaryKey(), ...names });

/** Numbers of issued documents: one sequence, shown with the year of issue (2026-00017). */
export const documentNumberSequence = 'document_number_seq';
export const documentNumbers = pgSequence(documentNumberSequence);

/**
 * What an issued document says, kept as it was on the day of issue (the student may later change group): the PDF is
 * drawn from it whenever it is downloaded.
 */
export interface IssuedDocument {
  fullName: string;
  gender: 'male' | 'female' | null;
  birthDate: string | null;
  group: string;
  course: number;
  studyForm: 'full_time' | 'part_time';
  faculty: { name: string; nameKg: string; nameEn: string };
  speciality: { code: string; name: string; nameKg: string; nameEn: string };
  document: { name: string; nameKg: string; nameEn: string };
  purpose: { name: string; nameKg: string; nameEn: string };
  region: { name: string; nameKg: string; nameEn: string };
  district: { name: string; nameKg: string; nameEn: string };
  institution: string;
}

/**
 * A student's order. Its status follows the status machine of the contracts (order.ts), which a trigger holds the
 * database to as well; a prepared order has its number, date of issue, verification code and issued data.
 */
export const documentOrders = pgTable(
  'document_orders',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    districtId: integer('district_id').notNull(),
    purposeId: integer('purpose_id')
      .notNull()
      .references(() => orderPurposes.id),
    status: text('status', { enum: orderStatuses }).notNull().default('waiting'),
    /** The staff member who last moved the order on. */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    number: text('number').unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    verificationCode: text('verification_code').unique(),
    issued: jsonb('issued').$type<IssuedDocument>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'document_orders_district_in_region_fk',
      columns: [t.districtId, t.regionId],
      foreignColumns: [districts.id, districts.regionId],
    }),
    check('document_orders_status_check', sql`${t.status} in ('waiting', 'preparing', 'prepared', 'canceled')`),
    check(
      'document_orders_issued_check',
      sql`(${t.status} = 'prepared') = (${t.number} is not null and ${t.issuedAt} is not null and ${t.verificationCode} is not null and ${t.issued} is not null)`,
    ),
    index('document_orders_student_idx').on(t.studentId, t.createdAt),
    index('document_orders_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Orders staff were told have waited too long: one row per order, so that each is announced once, whichever
 * instance's periodic job sees it first (the row and the announcement commit together).
 */
export const orderWaitingNotices = pgTable('order_waiting_notices', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => documentOrders.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
