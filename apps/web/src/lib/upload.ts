import type { DataOf, Endpoint } from '@okuu/contracts/endpoint';
import type { Envelope } from '@okuu/contracts/errors';
import { ApiError, connectionFailure, REQUEST_TIMEOUT_MS, settleReply, withErrorTexts } from './api';

/** How far an upload has come: bytes sent of the body's total, and the whole percent (0–100). */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

export interface UploadOptions {
  /** Called as the request body goes out (the fetch API cannot report this; XMLHttpRequest can). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** The call fails when nothing moves (no bytes sent, no answer) for this long; 30 s by default. */
  idleTimeoutMs?: number;
  /** Headers besides Accept (an Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * Sends multipart form data to a `requestKind: 'multipart'` endpoint of the contracts with XMLHttpRequest, reporting
 * upload progress, and settles like {@link callApi}: the envelope's checked `data`, or an {@link ApiError} of the
 * spec's categories. The browser sets the multipart Content-Type (with its boundary) itself.
 *
 * The 30 s limit of the API client is an idle limit here: a large file on a slow line may take longer to send, but a
 * call on which nothing happens for 30 s fails with TIMEOUT_ERROR.
 */
export function uploadForm<E extends Endpoint>(
  endpoint: E,
  body: FormData,
  options: UploadOptions = {},
): Promise<DataOf<E>> {
  return withErrorTexts(() => send(endpoint, body, options));
}

function send<E extends Endpoint>(endpoint: E, body: FormData, options: UploadOptions): Promise<DataOf<E>> {
  const { onProgress, signal, idleTimeoutMs = REQUEST_TIMEOUT_MS } = options;
  return new Promise<DataOf<E>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError({ message: 'Request cancelled', category: 'CANCEL_ERROR' }));
      return;
    }
    const xhr = new XMLHttpRequest();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, idleTimeoutMs);
    };
    const cancel = () => xhr.abort();
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    };

    xhr.open(endpoint.method, endpoint.path);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      arm();
      if (!onProgress || !event.lengthComputable || event.total === 0) return;
      onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.floor((event.loaded / event.total) * 100)),
      });
    });
    xhr.addEventListener('progress', arm);
    xhr.addEventListener('load', () => {
      finish();
      let envelope: Envelope<unknown> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<unknown>;
      } catch {
        envelope = undefined;
      }
      try {
        resolve(settleReply(endpoint, xhr.status, envelope));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => {
      finish();
      reject(connectionFailure('Upload failed'));
    });
    xhr.addEventListener('abort', () => {
      finish();
      reject(
        timedOut
          ? new ApiError({ message: 'Request timed out', category: 'TIMEOUT_ERROR' })
          : new ApiError({ message: 'Request cancelled', category: 'CANCEL_ERROR' }),
      );
    });
    signal?.addEventListener('abort', cancel);
    arm();
    xhr.send(body);
  });
}
