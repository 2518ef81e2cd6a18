import { newsInsert } from '@okuu/contracts/news/insert';
import { describe, expect, it, vi } from 'vitest';
import { fakeXhr } from '../test/fake-xhr';
import { ApiError, REQUEST_TIMEOUT_MS, setUnauthorizedHandler } from './api';
import { type UploadProgress, uploadForm } from './upload';

const item = {
  id_eventMessage: 7,
  'p23-1': 'Волков Дмитрий | Доцент',
  message: 'Текст',
  fileName: 'a.pdf',
  created: '2026-03-01T08:00:00.000Z',
  audience: 'students',
  faculties: [],
  attachments: [{ name: 'a.pdf', size: 10, url: '/api/news/download.file?filename=7_a.pdf&type=4' }],
  author: { id: 1, name: 'Волков Дмитрий', position: { name: 'Доцент', nameKg: 'Доцент', nameEn: '' }, group: null },
  canDelete: true,
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('upload helper', () => {
  it('sends the form data, reports the upload progress and unwraps the envelope', async () => {
    const xhr = fakeXhr();
    const form = new FormData();
    form.append('text', 'Текст');
    const seen: UploadProgress[] = [];
    const done = uploadForm(newsInsert, form, { onProgress: (progress) => seen.push(progress) });
    expect(xhr().method).toBe('POST');
    expect(xhr().url).toBe('/api/news/insert.json');
    expect(xhr().body).toBe(form);
    // The browser sets the multipart type with its boundary.
    expect(xhr().headers).toEqual({ Accept: 'application/json' });

    xhr().progress(250, 1000);
    xhr().progress(1000, 1000);
    xhr().respond(200, { result: 0, error: null, data: item });
    await expect(done).resolves.toEqual(item);
    expect(seen.map((progress) => progress.percent)).toEqual([25, 100]);
  });

  it('fails with the code and category of an error envelope, and reports a 401', async () => {
    const xhr = fakeXhr();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);

    const tooLarge = uploadForm(newsInsert, new FormData());
    xhr().respond(413, { result: 1, error: { code: 'too_large', message: 'Too large' }, data: null });
    const error = await failure(tooLarge);
    expect([error.code, error.status, error.category]).toEqual(['too_large', 413, 'CLIENT_ERROR']);

    const unauthenticated = uploadForm(newsInsert, new FormData());
    xhr().respond(401, { result: 1, error: { code: 'unauthenticated', message: 'Sign in' }, data: null });
    await failure(unauthenticated);
    expect(onUnauthorized).toHaveBeenCalledOnce();

    const broken = uploadForm(newsInsert, new FormData());
    xhr().respond(502, '<html>Bad gateway</html>');
    expect((await failure(broken)).category).toBe('SERVER_ERROR');
  });

  it('tells a connection failure, a cancelled upload and one that stalls for 30 s apart', async () => {
    const xhr = fakeXhr();
    const lost = uploadForm(newsInsert, new FormData());
    xhr().fail();
    expect((await failure(lost)).category).toBe('CONNECTION_ERROR');

    const controller = new AbortController();
    const cancelled = uploadForm(newsInsert, new FormData(), { signal: controller.signal });
    controller.abort();
    expect((await failure(cancelled)).category).toBe('CANCEL_ERROR');
    expect(xhr().aborted).toBe(true);

    vi.useFakeTimers();
    try {
      const stalled = failure(uploadForm(newsInsert, new FormData()));
      // Progress keeps a slow upload alive past 30 s in all…
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1000);
      xhr().progress(10, 100);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1000);
      expect(xhr().aborted).toBe(false);
      // …but 30 s without any is a timeout.
      await vi.advanceTimersByTimeAsync(1000);
      expect((await stalled).category).toBe('TIMEOUT_ERROR');
    } finally {
      vi.useRealTimers();
    }
  });
});
