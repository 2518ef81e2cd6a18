import { createPublicKey, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service on 127.0.0.1 for the bench: it takes the portal's push requests (RFC 8030), checks each one's
 * VAPID token (RFC 8292: an ES256 JWT signed with the key the header names) and that the body is an aes128gcm
 * record, answers 201 as a push service does, and notes when each arrived.
 */
export interface BenchPushService {
  /** The base of device endpoints: `${base}/<device>`. */
  base: string;
  /** Arrivals since the last reset: the device path, when (performance.now()), and whether the request was sound. */
  received: { path: string; at: number; valid: boolean }[];
  reset(): void;
  close(): Promise<void>;
}

const unb64 = (s: string) => Buffer.from(s, 'base64url');

/** Whether a request carries a VAPID token that its own `k` verifies, and an encrypted body. */
function sound(req: http.IncomingMessage, body: Buffer): boolean {
  const m = /^vapid t=([^,]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
  if (!m || req.headers['content-encoding'] !== 'aes128gcm' || body.length < 86) return false;
  const [header, payload, signature] = (m[1] as string).split('.');
  if (!header || !payload || !signature) return false;
  const raw = unb64(m[2] as string);
  if (raw.length !== 65) return false;
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    unb64(signature),
  );
  const claims = JSON.parse(unb64(payload).toString()) as { aud?: string; exp?: number };
  return signed && typeof claims.aud === 'string' && (claims.exp ?? 0) * 1000 > Date.now();
}

export async function startPushService(): Promise<BenchPushService> {
  const received: BenchPushService['received'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let valid = false;
      try {
        valid = sound(req, Buffer.concat(chunks));
      } catch {
        valid = false;
      }
      received.push({ path: req.url ?? '', at: performance.now(), valid });
      res.writeHead(valid ? 201 : 400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/bench-push`,
    received,
    reset: () => void received.splice(0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
