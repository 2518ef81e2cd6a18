import type { FastifyInstance } from 'fastify';

/** Runs each task now and every `everyMs` (ten minutes) while the app runs; a failure is logged and the others go on. */
export function registerHousekeeping(
  app: FastifyInstance,
  tasks: Record<string, () => Promise<unknown>>,
  everyMs = 10 * 60_000,
) {
  const run = async () => {
    for (const [what, task] of Object.entries(tasks)) {
      await task().catch((err) => app.log.warn({ err }, `housekeeping of ${what} failed`));
    }
  };
  void run();
  const timer = setInterval(run, everyMs).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
