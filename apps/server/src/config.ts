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
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(600),
  LOGIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SEED: z.enum(['auto', 'off']).default('auto'),
  DEMO_STUDENTS: z.coerce.number().int().min(50).max(50000).default(300),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  uploadMaxBytes: number;
  rateLimitMax: number;
  loginFailureLimit: number;
  sessionTtlMs: number;
  sessionCacheMs: number;
  trustProxy: boolean;
  cookieSecure: 'auto' | 'true' | 'false';
  seed: 'auto' | 'off';
  demoStudents: number;
  webDist: string;
};

/** Reads the environment once. Fails fast with a message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    rateLimitMax: e.RATE_LIMIT_MAX,
    loginFailureLimit: e.LOGIN_FAILURE_LIMIT,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    seed: e.SEED,
    demoStudents: e.DEMO_STUDENTS,
    webDist: path.resolve(e.WEB_DIST),
  };
}
