import type { DataOf, Endpoint, RequestOf } from '@okuu/contracts/endpoint';
import type { Envelope } from '@okuu/contracts/errors';
import type { MessageParams, ValidationIssue } from '@okuu/contracts/messages';

/** The HTTP client problem categories of the spec (section 8). */
export type ErrorCategory =
  | 'CLIENT_ERROR'
  | 'SERVER_ERROR'
  | 'TIMEOUT_ERROR'
  | 'CONNECTION_ERROR'
  | 'NETWORK_ERROR'
  | 'CANCEL_ERROR'
  | 'UNKNOWN_ERROR';

/**
 * A failed call: the API's error code (when the server answered with one), its params and validation issues, the HTTP
 * status and the category. `message` is the server's English text, for logs only: people read errorMessage's.
 */
export class ApiError extends Error {
  readonly code: string | null;
  readonly params: MessageParams | null;
  readonly issues: readonly ValidationIssue[];
  readonly status: number | null;
  readonly category: ErrorCategory;
  /** The `data` of an error envelope (some calls explain the failure there). */
  readonly data: unknown;

  constructor(init: {
    message: string;
    category: ErrorCategory;
    code?: string;
    params?: MessageParams;
    issues?: readonly ValidationIssue[];
    status?: number;
    data?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code ?? null;
    this.params = init.params ?? null;
    this.issues = init.issues ?? [];
    this.status = init.status ?? null;
    this.category = init.category;
    this.data = init.data ?? null;
  }
}

export const REQUEST_TIMEOUT_MS = 30_000;

let onUnauthorized: () => void = () => {};

/** Called when a call other than the public ones (sign-in and branding) answers 401: the session is gone. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** The server said the session ended (the chat socket's close): as a 401 would, forget it and go to sign-in. */
export function sessionEnded(): void {
  onUnauthorized();
}

function categoryOfStatus(status: number): ErrorCategory {
  if (status >= 400 && status < 500) return 'CLIENT_ERROR';
  if (status >= 500 && status < 600) return 'SERVER_ERROR';
  return 'UNKNOWN_ERROR';
}

function buildRequest(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  input: unknown,
  extraHeaders: Record<string, string> = {},
): { url: string; init: RequestInit } {
  const headers = { Accept: 'application/json', 'Content-Type': 'application/json', ...extraHeaders };
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) query.set(key, String(value));
    }
    const search = query.toString();
    return { url: search ? `${endpoint.path}?${search}` : endpoint.path, init: { method: 'GET', headers } };
  }
  return { url: endpoint.path, init: { method: endpoint.method, headers, body: JSON.stringify(input ?? {}) } };
}

/** An answered call: its HTTP status and its envelope (undefined when the body was not JSON). */
export interface Reply {
  status: number;
  envelope: Envelope<unknown> | undefined;
}

/** Options of a call: its cancellation, and headers of its own (an `Idempotency-Key`). */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Sends a call and reads its reply, without looking into it; only the address and method of the endpoint are used,
 * so a call can start before its contract has loaded. Throws an {@link ApiError} when no answer came.
 */
export async function sendCall(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  input: unknown,
  options: CallOptions = {},
): Promise<Reply> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel);

  const { url, init } = buildRequest(endpoint, input, options.headers);
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin', signal: controller.signal });
  } catch (cause) {
    if (timedOut) throw new ApiError({ message: 'Request timed out', category: 'TIMEOUT_ERROR' });
    if (controller.signal.aborted) throw new ApiError({ message: 'Request cancelled', category: 'CANCEL_ERROR' });
    throw connectionFailure(cause instanceof Error ? cause.message : 'Request failed');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }

  let envelope: Envelope<unknown> | undefined;
  try {
    envelope = (await response.json()) as Envelope<unknown>;
  } catch {
    envelope = undefined;
  }
  return { status: response.status, envelope };
}

/** An early call's reply is used only this soon after the call started; later, the call is made again. */
const EARLY_REPLY_MAX_AGE_MS = 10_000;
const earlyReplies = new Map<string, { reply: Promise<Reply>; startedAt: number }>();
const addressOf = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

/**
 * Starts calls that take no input before the code that makes them has loaded: the first screen's, as the page starts,
 * while its code and the contracts still load. On a slow network their round trips then overlap the code's.
 * {@link callApi} takes each reply once, instead of calling again.
 */
export function startEarlyCalls(endpoints: readonly Pick<Endpoint, 'method' | 'path'>[]): void {
  for (const endpoint of endpoints) {
    if (earlyReplies.has(addressOf(endpoint))) continue;
    const reply = sendCall(endpoint, {});
    // A failure is for the call that takes the reply to report.
    reply.catch(() => {});
    earlyReplies.set(addressOf(endpoint), { reply, startedAt: performance.now() });
  }
}

/** Forgets the early calls not yet taken (their replies were for whoever was signed in then). */
export function dropEarlyCalls(): void {
  earlyReplies.clear();
}

function takeEarlyReply(endpoint: Endpoint, input: unknown): Promise<Reply> | undefined {
  const early = earlyReplies.get(addressOf(endpoint));
  if (!early || Object.keys(input ?? {}).length > 0) return undefined;
  earlyReplies.delete(addressOf(endpoint));
  return performance.now() - early.startedAt < EARLY_REPLY_MAX_AGE_MS ? early.reply : undefined;
}

/**
 * Calls an endpoint of the contracts: sends JSON (or takes the reply of the same call started early), unwraps the
 * `{ result, error, data }` envelope and checks `data` against the endpoint's response schema. Throws an
 * {@link ApiError} on any failure.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E>,
  options: CallOptions = {},
): Promise<DataOf<E>> {
  return withErrorTexts(async () => {
    const { status, envelope } = await (takeEarlyReply(endpoint, input) ?? sendCall(endpoint, input, options));
    return settleReply(endpoint, status, envelope);
  });
}

/**
 * Runs a call; when it fails, waits for the texts that explain the failure before reporting it: the error texts, and
 * the fields' labels when input was refused (each loaded once, see lib/error-texts and lib/field-labels).
 */
export async function withErrorTexts<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) {
      await Promise.all([
        import('./error-texts').then((m) => m.loadErrorTexts()),
        error.issues.length > 0 ? import('./field-labels').then((m) => m.loadFieldLabels()) : undefined,
      ]).catch(() => {});
    }
    throw error;
  }
}

/** The failure of a call that never got an answer: the browser is offline, or the server cannot be reached. */
export function connectionFailure(message: string): ApiError {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return new ApiError({ message, category: offline ? 'NETWORK_ERROR' : 'CONNECTION_ERROR' });
}

/**
 * The outcome of an answered call (shared by {@link callApi} and the upload helper): the envelope's `data`, checked
 * against the endpoint's response schema, or an {@link ApiError}. `envelope` is undefined when the body was not JSON.
 */
export function settleReply<E extends Endpoint>(
  endpoint: E,
  status: number,
  envelope: Envelope<unknown> | undefined,
): DataOf<E> {
  const ok = status >= 200 && status < 300;
  if (!envelope || typeof envelope !== 'object') {
    throw new ApiError({
      message: `Unreadable reply (HTTP ${status})`,
      category: ok ? 'UNKNOWN_ERROR' : categoryOfStatus(status),
      status,
    });
  }

  if (!ok || envelope.error || envelope.result) {
    if (status === 401 && endpoint.access !== 'public') onUnauthorized();
    throw new ApiError({
      message: envelope.error?.message ?? `HTTP ${status}`,
      category: ok ? 'UNKNOWN_ERROR' : categoryOfStatus(status),
      code: envelope.error?.code,
      params: envelope.error?.params,
      issues: Array.isArray(envelope.error?.issues) ? envelope.error.issues : undefined,
      status,
      data: envelope.data,
    });
  }

  const parsed = endpoint.response.safeParse(envelope.data);
  if (!parsed.success) {
    throw new ApiError({ message: `Unexpected reply from ${endpoint.path}`, category: 'UNKNOWN_ERROR' });
  }
  return parsed.data as DataOf<E>;
}

/** Whether a failure means the server could not be reached (offline, unreachable, too slow). */
export function isConnectionProblem(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.category === 'NETWORK_ERROR' || error.category === 'CONNECTION_ERROR' || error.category === 'TIMEOUT_ERROR')
  );
}
