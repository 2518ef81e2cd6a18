import os from 'node:os';
import path from 'node:path';
import { startNginx } from '../lib/nginx.ts';
import type { Scenario } from '../lib/types.ts';
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
        const logDir = ctx.settings.serverLog === '/dev/null' ? os.tmpdir() : path.dirname(ctx.settings.serverLog);
        const proxy = await startNginx(upstreams, logDir);
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

export const nginxScenarios: Scenario[] = [
  behindNginx(enticateScenario, 1),
  behindNginx(enticateScenario, 2),
  behindNginx(chatSendScenario, 1),
  behindNginx(chatSendScenario, 2),
];
