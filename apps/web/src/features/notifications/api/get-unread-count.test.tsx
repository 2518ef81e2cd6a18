import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveEvents } from '../../../lib/live-events';
import { useUnreadNotifications } from './get-unread-count';
import { notificationKeys } from './keys';

const reply = (unread: number) =>
  new Response(JSON.stringify({ result: 0, error: null, data: { unread } }), {
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the bell’s unread count', () => {
  it('keeps the live count when a fetch begun before it answers after it', async () => {
    let answerLate: (r: Response) => void = () => {};
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(reply(0))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerLate = resolve)));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUnreadNotifications(), { wrapper });
    await waitFor(() => expect(result.current.data).toBe(0));

    // The socket connects anew (a refetch starts), then the new count arrives over it before that fetch answers.
    act(() => liveEvents.emit({ type: 'ready' } as never));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    act(() => liveEvents.emit({ type: 'notifications', unread: 1 } as never));
    await waitFor(() => expect(result.current.data).toBe(1));
    await act(async () => answerLate(reply(0)));

    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.data).toBe(1);
    expect(client.getQueryData(notificationKeys.unread)).toBe(1);
  });
});
