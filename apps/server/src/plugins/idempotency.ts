import { createHash } from 'node:crypto';
import type { Endpoint } from '@okuu/contracts/endpoint';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { IdempotencyStore, Remember } from '../lib/idempotency.ts';
import type { UploadedFile } from '../lib/replies.ts';
import type { AuthUser } from '../lib/session.ts';

const keyPattern = /^[\x21-\x7e]{1,200}$/;

/**
 * The `Idempotency-Key` of a create call: null without one; else the stored reply of an earlier call with the same
 * key and request (`replay`), or what the handler needs to store its own (`remember`, and `stored` to read the reply
 * a simultaneous twin stored first). The same key for a different request is refused.
 */
export async function idempotentCall(
  store: IdempotencyStore,
  endpoint: Endpoint,
  request: FastifyRequest,
  user: AuthUser | null,
  input: unknown,
  files: UploadedFile[],
) {
  const header = request.headers['idempotency-key'];
  if (header === undefined || !user) return null;
  const key = Array.isArray(header) ? '' : header;
  if (!keyPattern.test(key)) {
    throw new AppError('validation', 'Idempotency-Key: give 1 to 200 visible ASCII characters.');
  }
  // The request as the handler sees it: its fields, and each file's name, size and place.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([input, files.map((f) => [f.field, f.fileName, f.size])]))
    .digest('base64url');
  const stored = async () => {
    const found = await store.find(user.id, key);
    if (found && (found.endpoint !== endpoint.id || found.fingerprint !== fingerprint)) {
      throw new AppError('idempotency_conflict', 'This Idempotency-Key was used for a different request.');
    }
    return found;
  };
  const replay = await stored();
  const remember: Remember = (tx, reply) =>
    store.save(tx, { userId: user.id, key, endpoint: endpoint.id, fingerprint, reply });
  return { replay, remember, stored };
}
