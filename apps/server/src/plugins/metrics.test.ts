import { chatSocketPath } from '@okuu/contracts/chat/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { freePort } from '../../test/instances.ts';

let t: TestApp;
let base: string;
let metricsUrl: string;
beforeAll(async () => {
  const metricsPort = await freePort();
  t = await createTestApp({ METRICS_PORT: String(metricsPort) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
});
afterAll(() => t.close());

/** The value of one series in a Prometheus text exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests by route pattern and status, with latency, over real HTTP from loopback', async () => {
    await fetch(`${base}/healthz`);
    await fetch(`${base}/healthz`);
    await fetch(`${base}/api/no/such/thing`);
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'okuu_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(2);
    expect(sample(text, 'okuu_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(
      2,
    );
    expect(text).toMatch(/okuu_http_requests_total\{method="GET",route="[^"]*",status="404"\} 1/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (t.database.engine === 'postgres') expect(text).toContain('okuu_db_pool_connections{state="total"}');
  });

  it('counts open WebSockets', async () => {
    const cookie = await t.signIn('student1');
    const socket = new WebSocket(`${base.replace('http', 'ws')}${chatSocketPath}`, { headers: { cookie } });
    await new Promise((resolve, reject) => {
      socket.once('message', resolve);
      socket.once('error', reject);
    });
    const open = await (await fetch(metricsUrl)).text();
    expect(sample(open, 'okuu_websocket_connections')).toBe(1);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.close();
    await closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(sample(await (await fetch(metricsUrl)).text(), 'okuu_websocket_connections')).toBe(0);
  });

  it("is not on the portal's port under any spelling, whoever asks, so a proxy in front cannot pass it on", async () => {
    for (const url of [
      '/metrics',
      '/metrics/',
      '/metrics?x=1',
      '/%6detrics',
      '/%6Detrics/',
      '//metrics',
      '/./metrics',
    ]) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('okuu_');
    }
    // Behind a proxy on the same machine every request comes from loopback, the address METRICS_ALLOW lets in.
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(proxied.statusCode).toBe(404);
  });

  it('answers nothing else on its own listener', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/healthz'))).status).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/api/auth/orize.json'))).status).toBe(404);
  });
});
