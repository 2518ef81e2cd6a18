import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { DataOf, Endpoint, ParsedRequestOf } from '@okuu/contracts/endpoint';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { runAsStaffCall } from '../lib/changes.ts';
import { type IdempotencyStore, type Remember, rememberNothing } from '../lib/idempotency.ts';
import { FileReply, JsonReply, type UploadedFile } from '../lib/replies.ts';
import type { AuthUser, SessionResolver } from '../lib/session.ts';
import { invalidInput } from '../lib/validation.ts';
import { authorize } from './auth.ts';
import { idempotentCall } from './idempotency.ts';

/** Smaller replies are not worth compressing. */
const compressFrom = 1024;

export interface RouteContext<E extends Endpoint> {
  input: ParsedRequestOf<E>;
  /** The caller, or null on a public endpoint called without a session. */
  session: AuthUser | null;
  /** The caller; only read it on endpoints whose access level requires a session. */
  user: AuthUser;
  files: UploadedFile[];
  /** Stores the reply under the request's Idempotency-Key inside the create's transaction (idempotent endpoints). */
  remember: Remember;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Result<E extends Endpoint> = E['replyKind'] extends 'file' ? FileReply : DataOf<E> | JsonReply<DataOf<E>>;

export interface Binding {
  endpoint: Endpoint;
  handler: (ctx: RouteContext<Endpoint>) => Promise<unknown>;
}

export function bind<E extends Endpoint>(endpoint: E, handler: (ctx: RouteContext<E>) => Promise<Result<E>>): Binding {
  return { endpoint, handler: handler as unknown as Binding['handler'] };
}

/** Reads a multipart request: text fields into an object (repeated names into arrays), files into temp files. */
async function readMultipart(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new AppError('validation', 'This call expects multipart/form-data.');
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 20, fields: 50, fieldSize: 1024 * 1024 },
    })) {
      if (part.type === 'file') {
        const tempPath = path.join(os.tmpdir(), `okuu-upload-${randomUUID()}`);
        files.push({ field: part.fieldname, fileName: part.filename, mimeType: part.mimetype, size: 0, tempPath });
        await pipeline(part.file, createWriteStream(tempPath));
        const file = files[files.length - 1] as UploadedFile;
        file.size = (await fs.stat(tempPath)).size;
      } else {
        const value = String(part.value);
        const existing = fields[part.fieldname];
        fields[part.fieldname] =
          existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
      }
    }
  } catch (err) {
    await removeTempFiles(files);
    // The parser's own complaints (no boundary, a part cut short…) carry no status: the body is malformed. Errors
    // of the system (a full disk) and the plugin's limits (413) keep theirs.
    const e = err as { statusCode?: unknown; syscall?: unknown };
    if (!(err instanceof AppError) && e.statusCode === undefined && e.syscall === undefined) {
      throw new AppError('validation', 'The multipart body is malformed.');
    }
    throw err;
  }
  return { fields, files };
}

async function removeTempFiles(files: UploadedFile[]) {
  await Promise.all(files.map((f) => fs.rm(f.tempPath, { force: true })));
}

/**
 * Registers every binding; fails at start when the registry and the bindings disagree. The multipart parser (and the
 * hooks its plugin adds to every request) exists only in the scope of the calls that take uploads.
 */
export async function registerEndpoints(
  app: FastifyInstance,
  opts: {
    registry: readonly Endpoint[];
    bindings: Binding[];
    auth: SessionResolver;
    uploadMaxBytes: number;
    idempotency: IdempotencyStore;
  },
) {
  const byId = new Map(opts.bindings.map((b) => [b.endpoint.id, b]));
  const missing = opts.registry.filter((e) => !byId.has(e.id)).map((e) => e.id);
  const extra = opts.bindings.filter((b) => !opts.registry.includes(b.endpoint)).map((b) => b.endpoint.id);
  if (missing.length || extra.length || byId.size !== opts.bindings.length) {
    throw new Error(
      `Registry and routes disagree. Missing handlers: [${missing}]; unregistered or duplicate: [${extra}]`,
    );
  }

  const uploads = opts.bindings.filter((b) => b.endpoint.requestKind === 'multipart');
  addRoutes(
    app,
    opts.bindings.filter((b) => !uploads.includes(b)),
    opts,
  );
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: opts.uploadMaxBytes } });
    addRoutes(scope, uploads, opts);
  });
}

function addRoutes(
  app: FastifyInstance,
  bindings: readonly Binding[],
  opts: { auth: SessionResolver; uploadMaxBytes: number; idempotency: IdempotencyStore },
) {
  for (const { endpoint, handler } of bindings) {
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: async (request, reply) => {
        const session = await authorize(opts.auth, request, endpoint.access);
        let raw: unknown;
        let files: UploadedFile[] = [];
        if (endpoint.requestKind === 'multipart') {
          const parsed = await readMultipart(request, opts.uploadMaxBytes);
          raw = parsed.fields;
          files = parsed.files;
        } else {
          // A call with no body at all is an empty object; an explicit JSON null is not.
          const source = endpoint.requestKind === 'query' ? request.query : request.body;
          raw = source === undefined ? {} : source;
        }
        try {
          // With the inputs in the issues, a missing field tells itself apart (`required`); they are not sent back.
          const input = endpoint.request.safeParse(raw, { reportInput: true });
          if (!input.success) throw invalidInput(input.error.issues);
          const retry = endpoint.idempotent
            ? await idempotentCall(opts.idempotency, endpoint, request, session, input.data, files)
            : null;
          if (retry?.replay) return reply.send({ result: 0, error: null, data: retry.replay.reply });
          const ctx: RouteContext<Endpoint> = {
            input: input.data,
            session,
            get user(): AuthUser {
              if (!session) throw new AppError('unauthenticated', 'Sign in to continue.');
              return session;
            },
            files,
            remember: retry?.remember ?? rememberNothing,
            request,
            reply,
          };
          let result: unknown;
          try {
            // A staff call that changes data: its change transactions write its audit rows (lib/changes.ts).
            result = endpoint.audit
              ? await runAsStaffCall({ actor: ctx.user, actions: endpoint.audit, input: input.data, audited: 0 }, () =>
                  handler(ctx),
                )
              : await handler(ctx);
          } catch (err) {
            // The same request sent twice at once: the first one's reply, now stored, answers the second.
            const first = retry && opts.idempotency.isTakenKey(err) ? await retry.stored() : null;
            if (!first) throw err;
            return reply.send({ result: 0, error: null, data: first.reply });
          }
          if (result instanceof FileReply) {
            return reply
              .headers(result.headers)
              .header('content-type', result.contentType)
              .header('content-length', result.size)
              .header('x-content-type-options', 'nosniff')
              .header(
                'content-disposition',
                contentDisposition(result.fileName, { type: result.disposition, fallback: false }),
              )
              .send(result.stream);
          }
          if (result instanceof JsonReply) {
            reply.type('application/json; charset=utf-8');
            if (result.text.length < compressFrom) return reply.send(result.text);
            reply.header('vary', 'accept-encoding');
            if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(result.text);
            return reply.header('content-encoding', 'gzip').send(result.gzipped);
          }
          return reply.send({ result: 0, error: null, data: result });
        } finally {
          if (files.length) await removeTempFiles(files);
        }
      },
    });
  }
}
