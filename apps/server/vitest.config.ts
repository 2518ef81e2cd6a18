import { defineConfig } from 'vitest/config';

/**
 * The server suite runs on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL points at a server
 * (a role that may create databases: each test file gets its own, made from a seeded template).
 */
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        env: { TEST_ENGINE: engine },
        globalSetup: ['test/global-setup.ts'],
      },
    })),
  },
});
