import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read when they are scraped. */
export interface MetricsSources {
  /** Connections of the database pool (PostgreSQL); null on PGlite. */
  pool: () => { total: number; idle: number; waiting: number } | null;
  /** Open WebSockets on this instance. */
  sockets: () => number;
  /** Seconds the oldest notification not yet delivered has waited (0: none waits). */
  undelivered?: () => Promise<number>;
}

/**
 * `GET /metrics` in the Prometheus text format: requests by route and status (count and latency), the database
 * pool, open WebSockets, and Node's own (event-loop lag among them). It is served on a listener of its own
 * (`listen`: METRICS_PORT on METRICS_HOST), never on the portal's port, so a proxy in front of the portal cannot pass
 * it on whatever spelling of the path it is sent. On that listener only the addresses in `allow` may read it; anything
 * else gets 404.
 */
export function registerMetrics(
  app: FastifyInstance,
  opts: { allow: ReadonlySet<string>; listen: { port: number; host: string } | null },
) {
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

  new Gauge({
    name: 'okuu_notifications_oldest_undelivered_seconds',
    help: 'Age of the oldest notification not yet delivered (a recorded change not yet read, a push not yet sent)',
    registers: [registry],
    async collect() {
      if (sources.undelivered) this.set(await sources.undelivered());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not the URL: one series per route, whatever the ids in it. Unmatched paths share one.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  if (opts.listen) {
    const { port, host } = opts.listen;
    const server = http.createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics' || !opts.allow.has(req.socket.remoteAddress ?? '')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed.\n'),
      );
    });
    // Bound when the app is ready (a port in use stops the start), closed with it.
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      app.log.info(`metrics on http://${host}:${port}/metrics`);
    });
    app.addHook('onClose', async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
  }

  return {
    /** Sets what the gauges read (the realtime hub exists only after the routes). */
    setSources(next: MetricsSources) {
      sources = next;
    },
  };
}
