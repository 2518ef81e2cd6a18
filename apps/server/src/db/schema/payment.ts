import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { academicYears } from './university.ts';
import { users } from './users.ts';

/** Paid services (the spec's uslugi). Money in tyiyn. */
export const paidServices = pgTable(
  'paid_services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameKg: text('name_kg').notNull(),
    nameEn: text('name_en').notNull(),
    price: integer('price').notNull(),
    /** Whether the payer may change the amount, from min_amount to max_amount. */
    amountEditable: boolean('amount_editable').notNull().default(false),
    minAmount: integer('min_amount').notNull(),
    maxAmount: integer('max_amount').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    check(
      'paid_services_amounts',
      sql`${t.minAmount} > 0 AND ${t.minAmount} <= ${t.price} AND ${t.price} <= ${t.maxAmount}`,
    ),
  ],
);

/** One payment code per student, service and academic year, made on first request and the same ever after. */
export const paymentCodes = pgTable(
  'payment_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => paidServices.id),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.studentId, t.serviceId, t.academicYearId)],
);

export const paymentMethods = ['bank', 'card'] as const;
/** 'partial': bank transfers arrived, but less than the amount due (later ones with the same code add up). */
export const paymentStatuses = ['pending', 'partial', 'paid', 'failed', 'expired'] as const;

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => paidServices.id),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    code: text('code').notNull(),
    /** Tyiyn due: the card payment's amount, or what the service asks of a bank transfer. */
    amount: integer('amount').notNull(),
    /** Tyiyn that arrived: the sum of the transfers (more than `amount` is a surplus); a paid card payment's amount. */
    received: integer('received').notNull().default(0),
    method: text('method', { enum: paymentMethods }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    /** The provider that handles it ('sandbox', or the bank's for transfers). */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** Made through a test provider (the sandbox): no money moved, never counted as paid. */
    test: boolean('test').notNull().default(false),
    /** The payer's key for this attempt: the same key is the same payment. */
    idempotencyKey: text('idempotency_key'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    unique('payments_idempotency').on(t.studentId, t.idempotencyKey),
    unique('payments_provider_ref').on(t.provider, t.providerRef),
    index('payments_student_idx').on(t.studentId, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_received_not_negative', sql`${t.received} >= 0`),
    // One payment of a code collects partial transfers at a time: a later transfer knows where it adds up.
    uniqueIndex('payments_partial_per_code').on(t.code).where(sql`${t.status} = 'partial'`),
  ],
);

/** Each bank transfer that arrived, as its bank reported it: the money a 'bank' payment has received. */
export const paymentTransfers = pgTable(
  'payment_transfers',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The bank's reference of the transfer: one transfer is recorded once, whatever its notifications. */
    providerRef: text('provider_ref').notNull(),
    /** Tyiyn. */
    amount: integer('amount').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_transfers_ref').on(t.provider, t.providerRef),
    index('payment_transfers_payment_idx').on(t.paymentId),
    check('payment_transfers_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Every provider notification applied, by the provider's event id: a replayed one is recognised and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.provider, t.eventId)],
);

/** The sandbox card provider's orders (its own state, as a bank's acquiring would keep it). */
export const sandboxOrders = pgTable('sandbox_orders', {
  /** The session id in the card page's address (random, 32 characters). */
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  amount: integer('amount').notNull(),
  description: jsonb('description').notNull().$type<{ name: string; nameKg: string; nameEn: string }>(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['open', 'code_required', 'paid', 'declined', 'expired'] })
    .notNull()
    .default('open'),
  codeAttempts: smallint('code_attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
