import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The server suite runs on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL points at a server
 * (a role that may create databases: each test file gets its own, made from a seeded template). Uploaded files go
 * to the local-disk storage; TEST_STORAGE=local,postgres runs every project with the database storage too.
 */
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const storages = (process.env.TEST_STORAGE ?? 'local').split(',').filter((s) => s === 'local' || s === 'postgres');

/**
 * The suites that call every endpoint of the registry (who may call it, what bad input gets) check the router and the
 * contracts, whatever the engine: they run on PostgreSQL when it is here, on PGlite otherwise. They are half of the
 * suite's time.
 */
const everyEndpoint = ['test/authorization-*.test.ts', 'test/bad-input-*.test.ts'];

export default defineConfig({
  test: {
    // A file per core (Vitest's default leaves one core to itself: on two cores, one file at a time). Each file has
    // its own database and data folder, so files run side by side safely.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: engines.flatMap((engine) =>
      storages.map((storage) => ({
        extends: true,
        test: {
          name: storage === 'local' ? engine : `${engine}-db-files`,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(engine === 'pglite' && engines.includes('postgres') ? everyEndpoint : []),
          ],
          env: { TEST_ENGINE: engine, TEST_STORAGE: storage },
          globalSetup: ['test/global-setup.ts'],
        },
      })),
    ),
  },
});
