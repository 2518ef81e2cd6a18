// The contracts use zod/mini, the functional API of zod 4: the web app ships them to phones, and classic zod made them
// some 16 KB (gzipped) larger and slower to set up (every classic schema gets dozens of bound methods). Mini loads no
// locale: the server sets zod's English messages (app.ts); the web app only asks whether a reply parses.
import * as z from 'zod/mini';
import type { AuditAction } from './audit-actions.ts';
import { guardInput } from './input-guard.ts';

/**
 * Who may call an endpoint. Checked by the server's auth plugin before any input is read.
 * - public: anyone, signed in or not
 * - authenticated: any signed-in user
 * - teacher / student / staff: a signed-in user of that role
 * - newsPerms: a signed-in user whose account carries the news permission
 */
export const accessLevels = ['public', 'authenticated', 'teacher', 'student', 'staff', 'newsPerms'] as const;
export type Access = (typeof accessLevels)[number];

export const roles = { teacher: 1, student: 2, staff: 3 } as const;
export type Role = (typeof roles)[keyof typeof roles];

/** The roles that have an area in the portal; the server refuses any other at sign-in (no_portal_access). */
export const portalRoles: readonly Role[] = [roles.teacher, roles.student, roles.staff];

/** How the request carries its input: a JSON body, query parameters (GET) or multipart form data. */
export type RequestKind = 'json' | 'query' | 'multipart';
/** How the reply is sent: the JSON envelope, or a file stream (downloads, images). */
export type ReplyKind = 'envelope' | 'file';

export interface Endpoint<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
  Reply extends ReplyKind = ReplyKind,
> {
  /** Stable identifier, '<area>.<verbNoun>'. */
  id: string;
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  requestKind: RequestKind;
  replyKind: Reply;
  request: Req;
  /** Schema of the `data` field of the envelope (or z.never() for file replies). */
  response: Res;
  summary: string;
  /**
   * A create call that takes an `Idempotency-Key` header (1 to 200 visible characters, new for each new request):
   * a retry with the same key gets the first call's reply and creates nothing more. The key is kept a day per user;
   * reused for a different request, or while the first is still running, it is refused (409 idempotency_conflict).
   */
  idempotent?: boolean;
  /**
   * A staff call that changes data: the audit actions it records (the first is its default). Every change it makes
   * writes its audit row in the same transaction (the server's change path); the staff calls without it change
   * nothing, which the audit test checks by calling every staff endpoint.
   */
  audit?: readonly [AuditAction, ...AuditAction[]];
}

type EndpointInit<Req extends z.ZodMiniType, Res extends z.ZodMiniType, Reply extends ReplyKind> = Omit<
  Endpoint<Req, Res, Reply>,
  'requestKind' | 'replyKind'
> & { requestKind?: RequestKind; replyKind?: Reply };

export function defineEndpoint<
  Req extends z.ZodMiniType,
  Res extends z.ZodMiniType,
  Reply extends ReplyKind = 'envelope',
>(init: EndpointInit<Req, Res, Reply>): Endpoint<Req, Res, Reply> {
  return {
    ...init,
    // Every request refuses NUL in its texts and ids beyond int4, whoever wrote its schema.
    request: guardInput(init.request),
    requestKind: init.requestKind ?? (init.method === 'GET' ? 'query' : 'json'),
    replyKind: init.replyKind ?? ('envelope' as Reply),
  };
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type DataOf<E extends Endpoint> = z.output<E['response']>;

/** The spec's client sends uid and role with many calls; the server never trusts them. */
export const callerEcho = {
  uid: z.optional(z.union([z.number(), z.string()])),
  role: z.optional(z.union([z.number(), z.string()])),
};

/** An empty request body (fields the spec's client may still send are tolerated). */
export const emptyRequest = z.looseObject({});
