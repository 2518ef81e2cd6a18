import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs side by side use different servers (and data directories).
const port = Number(process.env.E2E_PORT ?? 8190);
const dataDir = `/tmp/okuu-e2e-${port}`;
const distDir = `/tmp/okuu-e2e-dist-${port}`;
// The bundle budget test reads the same build.
process.env.E2E_DIST = distDir;

// With TEST_DATABASE_URL (as in CI) the server runs on a fresh PostgreSQL database of its own: PostgreSQL works on
// both cores, while the embedded engine answers on the server's one thread, and two browsers wait on it. Without it,
// on the embedded database as `npm start` runs.
const postgres = process.env.TEST_DATABASE_URL;
const databaseUrl =
  postgres === undefined ? undefined : Object.assign(new URL(postgres), { pathname: `/okuu_e2e_${port}` }).href;
const serverEnv = [
  `PORT=${port} DATA_DIR=${dataDir} WEB_DIST=${distDir}`,
  'RATE_LIMIT_MAX=0 LOGIN_FAILURE_LIMIT=1000 QR_WINDOW_MINUTES=1440 LOG_LEVEL=warn',
  databaseUrl === undefined
    ? ''
    : `DATABASE_URL=${databaseUrl} PUBLIC_URL=http://127.0.0.1:${port} PAYMENT_PROVIDER=sandbox DATABASE_POOL_SIZE=20`,
].join(' ');

/**
 * End-to-end tests against the real server on a fresh demo database: the web app is built (into a
 * directory of its own, so two runs side by side do not meet), then the server starts from the repository root with an empty data directory (it migrates and seeds itself).
 */
export default defineConfig({
  testDir: './e2e',
  workers: 2,
  // The longest flows (upload, check, delete) take some 15 s alone and twice that beside another worker on two cores.
  timeout: 60_000,
  // A screen's data can take over 10 s to come while the other worker runs axe on two cores.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: `../../test-results/web-e2e-${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'ru-RU',
    timezoneId: 'Asia/Bishkek',
    // A fresh context's service worker fetches every asset of the portal (some 300 files) to work offline: with two
    // workers opening contexts all the time, screens waited on that for 10-20 s. The specs about offline use and push
    // allow it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'portal', testIgnore: /staff-block\.spec\.ts/ },
    // Blocking an account ends all its sessions: it runs once every other spec is done with student2.
    { name: 'after-the-rest', testMatch: /staff-block\.spec\.ts/, dependencies: ['portal'] },
  ],
  webServer: {
    command: [
      `npx vite build --outDir ${distDir} --emptyOutDir`,
      `rm -rf ${dataDir}`,
      ...(databaseUrl === undefined ? [] : [`node e2e/fresh-database.mjs ${databaseUrl}`]),
      // The data and build directories (some 50 MB) go when the server stops: Playwright ends the whole process group.
      `trap 'rm -rf ${dataDir} ${distDir}' EXIT INT TERM`,
      `cd ../.. && ${serverEnv} node --import tsx apps/server/src/main.ts`,
    ].join(' && '),
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // SIGTERM rather than the default SIGKILL, so that the command's trap removes its directories.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
