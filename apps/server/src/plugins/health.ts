import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

const unavailable = (message: string) => ({ result: 1, error: { code: 'unavailable', message } });

/**
 * `/healthz` answers 200 while the database answers; `/readyz` (for a load balancer) also needs the instance not to be
 * stopping (`draining`) and the database's notifications to arrive (sessions ended elsewhere, cache changes, chat
 * events).
 */
export function registerHealth(app: FastifyInstance, database: Database, draining: () => boolean = () => false) {
  const answers = () =>
    database.ping().then(
      () => true,
      () => false,
    );

  app.get('/readyz', async (_req, reply) => {
    if (draining())
      return reply.status(503).send({ ...unavailable('This instance is stopping.'), data: { stopping: true } });
    const [db, notifications] = [await answers(), database.listening()];
    if (db && notifications) {
      return { result: 0, error: null, data: { status: 'ready', engine: database.engine, notifications } };
    }
    return reply.status(503).send({
      ...unavailable(db ? 'Database notifications are down; reconnecting.' : 'The database does not answer.'),
      data: { database: db, notifications },
    });
  });

  app.get('/healthz', async (_req, reply) => {
    if (await answers()) return { result: 0, error: null, data: { status: 'ok', engine: database.engine } };
    return reply.status(503).send({ ...unavailable('The database does not answer.'), data: null });
  });
}
