import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { names } from './names.ts';

// A person's reference values, named in the three portal languages (the web app picks the reader's).

/** Teachers' positions (the spec's doljnost). */
export const positions = pgTable('positions', { id: serial('id').primaryKey(), ...names });

/** Nationalities; `nameFemale` is the Russian feminine form where it differs (кыргызка), used for women. */
export const nationalities = pgTable('nationalities', {
  id: serial('id').primaryKey(),
  ...names,
  nameFemale: text('name_female'),
});

/** Countries, for citizenship. */
export const countries = pgTable('countries', { id: serial('id').primaryKey(), ...names });

/** Levels of education (higher, secondary…). */
export const educationLevels = pgTable('education_levels', { id: serial('id').primaryKey(), ...names });

/** Roles: 1 teacher, 2 student, 3 staff (administrative work). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: smallint('role').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    patronymic: text('patronymic'),
    newsPerms: boolean('news_perms').notNull().default(false),
    /** True while the account still has the credentials it was issued (spec: LOG_PAS 1). */
    mustChangeCredentials: boolean('must_change_credentials').notNull().default(false),
    /** Set while staff have blocked the account: it cannot sign in, and its sessions are refused. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    gender: text('gender', { enum: ['male', 'female'] }),
    birthDate: date('birth_date'),
    nationalityId: integer('nationality_id').references(() => nationalities.id),
    citizenshipId: integer('citizenship_id').references(() => countries.id),
    taxId: text('tax_id'),
    phone: text('phone'),
    educationId: integer('education_id').references(() => educationLevels.id),
    photoKey: text('photo_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_lower_idx').on(sql`lower(${t.login})`)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A session: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: bytea('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in attempt counters, one per key (an account, an address, an account and address pair…; see the auth
 * service), each over its own fixed window: an attempt is counted here, atomically, before its password is hashed.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_attempts_resets_idx').on(t.resetsAt)],
);

/**
 * Requests per client address and minute (RATE_LIMIT_MAX), added up over every instance: each instance counts in
 * memory and adds its counts here about once a second (lib/rate-limit-store.ts), so the limit holds for all of them.
 */
export const requestCounts = pgTable(
  'request_counts',
  {
    key: text('key').notNull(),
    /** Minutes since the epoch. */
    minute: integer('minute').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.minute] })],
);
