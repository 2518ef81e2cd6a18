import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startNginx } from '../lib/nginx.ts';
import type { Scenario, ScenarioContext } from '../lib/types.ts';
import { chatSendScenario } from './chat-send.ts';
import { enticateScenario } from './enticate.ts';

/**
 * A scenario run through nginx (a private process in the foreground, on a free port): in front of the one instance
 * (`-nginx-1`: what the proxy costs), or of that instance and a second one on the same database and data directory,
 * round robin (`-nginx-2`). The scenario is the same as its one-instance row, so the rows compare directly.
 */
export function behindNginx(inner: Scenario, instances: 1 | 2): Scenario {
  return {
    name: `${inner.name}-nginx-${instances}`,
    description: `${inner.name} through nginx to ${instances === 1 ? 'the one instance' : 'two instances (round robin)'}`,
    async run(ctx) {
      const second = instances === 2 ? await ctx.startInstance() : null;
      try {
        const upstreams = [ctx.baseUrl, ...(second ? [second.baseUrl] : [])];
        const proxy = await startNginx(upstreams, logDirOf(ctx));
        ctx.log(`nginx on ${proxy.baseUrl} in front of ${upstreams.join(', ')}`);
        try {
          return await inner.run({
            ...ctx,
            baseUrl: proxy.baseUrl,
            load: ctx.loadAt(proxy.baseUrl, [...proxy.pids, second?.pid]),
          });
        } finally {
          await proxy.stop();
        }
      } finally {
        await second?.stop();
      }
    },
  };
}

function logDirOf(ctx: ScenarioContext): string {
  return ctx.settings.serverLog === '/dev/null' ? os.tmpdir() : path.dirname(ctx.settings.serverLog);
}

/**
 * A rolling restart under load: the scenario through nginx to two instances, one of which gets SIGTERM two seconds
 * into the measured run and is started again on its port. Every request must still be answered (`errors` 0): a
 * stopping instance finishes what it has, and nginx sends what it cannot deliver there to the other one. Metrics:
 * `stopMs` (SIGTERM to exit) and `downMs` (SIGTERM to serving again).
 */
export function rollingRestart(inner: Scenario): Scenario {
  return {
    name: `${inner.name}-nginx-restart`,
    description: `${inner.name} through nginx to two instances; one is stopped (SIGTERM) and started again meanwhile`,
    targets: [{ metric: 'errors', op: '<=', value: 0, label: 'no request lost' }],
    async run(ctx) {
      let second = await ctx.startInstance();
      const port = Number(new URL(second.baseUrl).port);
      try {
        const proxy = await startNginx([ctx.baseUrl, second.baseUrl], logDirOf(ctx));
        try {
          // The restarted instance is another process: no CPU figures for this row.
          const load = ctx.loadAt(proxy.baseUrl, [...proxy.pids, second.pid]);
          const restart = { stopMs: 0, downMs: 0 };
          const measurement = await inner.run({
            ...ctx,
            baseUrl: proxy.baseUrl,
            async load(options) {
              const choreography = (async () => {
                await sleep((ctx.settings.warmupSec + Math.min(2, ctx.settings.durationSec / 4)) * 1000);
                const t0 = Date.now();
                ctx.log('SIGTERM to the second instance');
                await second.stop();
                restart.stopMs = Date.now() - t0;
                second = await ctx.startInstance(port);
                restart.downMs = Date.now() - t0;
                ctx.log(
                  `the second instance exited after ${restart.stopMs} ms, serves again after ${restart.downMs} ms`,
                );
              })();
              const measured = await load(options);
              await choreography;
              return measured;
            },
          });
          return { ...measurement, metrics: { ...measurement.metrics, ...restart } };
        } finally {
          await proxy.stop();
        }
      } finally {
        await second.stop();
      }
    },
  };
}

export const nginxScenarios: Scenario[] = [
  behindNginx(enticateScenario, 1),
  behindNginx(enticateScenario, 2),
  behindNginx(chatSendScenario, 1),
  behindNginx(chatSendScenario, 2),
  rollingRestart(enticateScenario),
  rollingRestart(chatSendScenario),
];
