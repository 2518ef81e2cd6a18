import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { createSharedRateLimitStore } from '../lib/rate-limit-store.ts';

/** At most `max` API calls a minute per address, counted over every instance (the table request_counts). */
export async function registerRateLimit(app: FastifyInstance, db: Db, max: number) {
  if (max <= 0) return;
  const requestCounts = createSharedRateLimitStore(db, (err) => app.log.warn({ err }, 'request counts not shared'));
  app.addHook('onClose', async () => requestCounts.stop());
  await app.register(fastifyRateLimit, {
    max,
    timeWindow: 60_000,
    store: requestCounts.Store,
    // The web app's files and pages are not counted: a phone's first visit fetches dozens of them, and students
    // behind one campus address would use up its minute on files alone.
    allowList: (req) => req.url === '/lms' || req.url.startsWith('/lms/') || req.url.startsWith('/lms?'),
    errorResponseBuilder: () => new AppError('rate_limited', 'Too many requests. Wait a minute and try again.'),
  });
}
