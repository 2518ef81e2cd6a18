import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE: z.enum(['local', 'postgres']).default('local'),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  STORAGE_QUOTA_MB: z.coerce.number().positive().default(500),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(600),
  LOGIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).default(100),
  LOGIN_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(100),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  QR_WINDOW_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  ATTENDANCE_WARNING_SHARE: z.coerce.number().min(0).max(1).default(0.25),
  TIMED_NOTIFICATIONS: z.enum(['on', 'off']).default('on'),
  SEED: z.enum(['auto', 'off']).default('auto'),
  DEMO_STUDENTS: z.coerce.number().int().min(50).max(50000).default(300),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            (o) => URL.canParse(o) && new URL(o).origin === o,
            'each entry must be an origin like https://portal.example',
          ),
      ),
    ),
  PUBLIC_URL: z
    .string()
    .transform((v) => v.replace(/\/+$/, ''))
    .refine(
      (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).origin === v,
      "PUBLIC_URL must be the portal's address as people reach it, like https://portal.example.edu",
    )
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1,::ffff:127.0.0.1')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    ),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'off']).optional(),
  PAYMENT_CALLBACK_SECRET: z.string().min(32, 'PAYMENT_CALLBACK_SECRET must be at least 32 characters').optional(),
  PAYMENT_PENDING_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(30),
  ELQR_LINK_PREFIX: z.url({ protocol: /^https?$/ }).default('https://pay.payqr.kg/'),
  ELQR_PROVIDER_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,32}$/, 'ELQR_PROVIDER_ID: 1 to 32 printable ASCII characters')
    .default('qr.okuu.kg'),
  ELQR_SERVICE_CODE: z
    .string()
    .regex(/^[\x21-\x7e]{1,32}$/, 'ELQR_SERVICE_CODE: 1 to 32 printable ASCII characters')
    .default('okuu-fees'),
  ELQR_ACCOUNT: z
    .string()
    .regex(/^[0-9A-Za-z]{1,32}$/, 'ELQR_ACCOUNT: 1 to 32 letters and digits')
    .default('1180000000000000'),
  ELQR_MCC: z
    .string()
    .regex(/^\d{4}$/, 'ELQR_MCC: four digits (ISO 18245)')
    .default('8220'),
  ELQR_NAME: z.string().min(1).max(25).default('OKUU UNIVERSITY'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where uploaded files live: `local` (DATA_DIR/files on this machine) or `postgres` (the database). */
  storage: 'local' | 'postgres';
  uploadMaxBytes: number;
  /** Bytes of uploads one user may have stored. */
  storageQuotaBytes: number;
  rateLimitMax: number;
  loginLimits: { pair: number; account: number; address: number };
  sessionTtlMs: number;
  sessionCacheMs: number;
  trustProxy: boolean;
  cookieSecure: 'auto' | 'true' | 'false';
  /** Minutes before a lesson's start and after its end when its QR check-in takes scans. */
  qrWindowMin: number;
  /** Home warns a student of a discipline whose absences pass this share of its recorded lessons. */
  attendanceWarningShare: number;
  /** Whether this instance looks for the time-driven notifications (a registration window, an order waiting). */
  timedNotifications: boolean;
  seed: 'auto' | 'off';
  demoStudents: number;
  webDist: string;
  /** Origins besides the portal's own host whose pages may make state-changing calls (a proxy's public address). */
  allowedOrigins: ReadonlySet<string>;
  /**
   * The portal's public address (an origin, no trailing slash): documents' verification links and QR codes point
   * there, never at the host a request named.
   */
  publicUrl: string;
  /** /metrics' own listener (never the portal's port, so a proxy in front cannot pass it on); null: none. */
  metrics: { port: number; host: string } | null;
  /** Client addresses (of the TCP connection) that may read /metrics on its listener. */
  metricsAllow: ReadonlySet<string>;
  payment: PaymentConfig;
};

/** Paid services: the card provider and the receiving side of the payment QR (ELQR). */
export interface PaymentConfig {
  /** The card provider; 'sandbox' only when asked for, or in the embedded demo (no DATABASE_URL). */
  provider: 'sandbox' | 'off';
  /** HMAC key of the provider's callbacks; random per start when not configured. */
  callbackSecret: string;
  pendingMs: number;
  elqr: { linkPrefix: string; providerId: string; serviceCode: string; account: string; mcc: string; name: string };
}

/** Reads the environment once. Fails fast with a message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The embedded demo (`npm start` with no DATABASE_URL) has defaults of its own; a real installation says what it
  // wants where a default would be unsafe.
  const demo = e.DATABASE_URL === undefined;
  if (!demo && e.PUBLIC_URL === undefined) {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: required with DATABASE_URL: the address people reach the portal at (https://portal.example.edu)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    // Relative to the repository root, not to the working directory (`npm start -w` runs in apps/server).
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    storage: e.STORAGE,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    storageQuotaBytes: Math.round(e.STORAGE_QUOTA_MB * 1024 * 1024),
    rateLimitMax: e.RATE_LIMIT_MAX,
    loginLimits: { pair: e.LOGIN_FAILURE_LIMIT, account: e.LOGIN_ACCOUNT_LIMIT, address: e.LOGIN_ADDRESS_LIMIT },
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    qrWindowMin: e.QR_WINDOW_MINUTES,
    attendanceWarningShare: e.ATTENDANCE_WARNING_SHARE,
    timedNotifications: e.TIMED_NOTIFICATIONS === 'on',
    seed: e.SEED,
    demoStudents: e.DEMO_STUDENTS,
    webDist: path.resolve(repoRoot, e.WEB_DIST),
    allowedOrigins: new Set(e.ALLOWED_ORIGINS),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    metricsAllow: new Set(e.METRICS_ALLOW),
    payment: {
      provider: e.PAYMENT_PROVIDER ?? (demo ? 'sandbox' : 'off'),
      callbackSecret: e.PAYMENT_CALLBACK_SECRET ?? randomBytes(32).toString('hex'),
      pendingMs: e.PAYMENT_PENDING_MINUTES * 60_000,
      elqr: {
        linkPrefix: e.ELQR_LINK_PREFIX,
        providerId: e.ELQR_PROVIDER_ID,
        serviceCode: e.ELQR_SERVICE_CODE,
        account: e.ELQR_ACCOUNT,
        mcc: e.ELQR_MCC,
        name: e.ELQR_NAME,
      },
    },
  };
}
