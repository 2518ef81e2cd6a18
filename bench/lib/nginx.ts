import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertLocal } from './local.ts';
import { freePort, startProgram, waitForHttp } from './processes.ts';

/** Where Debian's package (`apt-get install nginx`) puts the binary; NGINX overrides it. */
export function nginxBinary(): string | null {
  const candidates = [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx'].filter((c): c is string => !!c);
  return candidates.find((c) => existsSync(c)) ?? null;
}

/** The processes whose parent is `pid` (nginx's workers, forked by its master), from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === pid) found.push(Number(entry));
      } catch {
        // exited meanwhile
      }
    }
  } catch {
    // no /proc: no CPU figures
  }
  return found;
}

/** The portal's locations as shipped (deploy/nginx/okuu-proxy.conf): the bench measures the deployment's proxy. */
const shippedLocations = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../deploy/nginx/okuu-proxy.conf',
);

/**
 * The proxy's configuration: round robin over `upstreams` with kept-alive upstream connections, as deploy/nginx/okuu.conf
 * has it, and the shipped locations (WebSockets, failover, the retry of a POST that carries an Idempotency-Key), on
 * plain HTTP.
 */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  const servers = upstreams.map((u) => `    server ${new URL(u).host} max_fails=0;`).join('\n');
  return `# Written by the bench for one run: nginx in the foreground, everything in ${dir}.
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream okuu {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    include ${shippedLocations};
  }
}
`;
}

/** nginx in front of `upstreams` (http://127.0.0.1:<port> each), on a free port; stopped by `stop()` or `stopAll()`. */
export async function startNginx(
  upstreams: string[],
  logDir: string,
): Promise<{ baseUrl: string; pids: number[]; stop(): Promise<void> }> {
  for (const u of upstreams) assertLocal(u);
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install -y nginx, or set NGINX)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'okuu-bench-nginx-'));
  // nginx started by root runs its workers as nobody: they must reach the temporary files.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'body'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(dir, port, upstreams));
  const child = startProgram('nginx', binary, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
    cwd: dir,
    env: process.env,
    logPath: path.join(logDir, 'nginx.log'),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(child, `${baseUrl}/healthz`, 30_000);
  } catch (err) {
    await child.stop();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseUrl,
    pids: child.process.pid ? [child.process.pid, ...childrenOf(child.process.pid)] : [],
    async stop() {
      await child.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
