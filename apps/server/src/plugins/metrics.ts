import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read when they are scraped. */
export interface MetricsSources {
  /** Connections of the database pool (PostgreSQL); null on PGlite. */
  pool: () => { total: number; idle: number; waiting: number } | null;
  /** Open WebSockets on this instance. */
  sockets: () => number;
}

/**
 * `GET /metrics` in the Prometheus text format: requests by route and status (count and latency), the database
 * pool, open WebSockets, and Node's own (event-loop lag among them). Only the addresses in `allow` may read it;
 * others get 404, as if there were nothing there.
 */
export function registerMetrics(app: FastifyInstance, opts: { allow: ReadonlySet<string> }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'okuu_http_requests_total',
    help: 'HTTP requests',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'okuu_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let sources: MetricsSources = { pool: () => null, sockets: () => 0 };
  new Gauge({
    name: 'okuu_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL only)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.pool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'okuu_websocket_connections',
    help: 'Open WebSocket connections on this instance',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not the URL: one series per route, whatever the ids in it. Unmatched paths share one.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    if (!opts.allow.has(request.socket.remoteAddress ?? '')) {
      return reply.status(404).send({ result: 1, error: { code: 'not_found', message: 'Not found.' }, data: null });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  return {
    /** Sets what the gauges read (the realtime hub exists only after the routes). */
    setSources(next: MetricsSources) {
      sources = next;
    },
  };
}
