import { type HomeSummary, homeSummary, homeSummaryReply } from '@okuu/contracts/home/summary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage';

export const homeKeys = { summary: ['home', 'summary'] as const };

/**
 * Home is fetched again this often while it is shown (a lesson becomes "now", the next one moves on), on window focus,
 * and at once when the socket says something it shows changed (use-home-live.ts).
 */
export const HOME_REFRESH_MS = 60_000;

const keptKey = (uid: number) => `${storageKeys.home}:${uid}` as const;

/** The last summary this browser had for the user (shown offline, with its time), or undefined. */
export function keptSummary(uid: number): HomeSummary | undefined {
  try {
    const parsed = homeSummaryReply.safeParse(JSON.parse(readStorage(keptKey(uid)) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function fetchSummary(uid: number, signal?: AbortSignal): Promise<HomeSummary> {
  const summary = await callApi(homeSummary, {}, { signal });
  writeStorage(keptKey(uid), JSON.stringify(summary));
  return summary;
}

export const homeSummaryQuery = (uid: number) =>
  queryOptions({
    queryKey: [...homeKeys.summary, uid],
    queryFn: ({ signal }) => fetchSummary(uid, signal),
    staleTime: 0,
    refetchInterval: HOME_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

/** The signed-in user's home; the last one kept shows at once (and offline) until the fresh one arrives. */
export function useHomeSummary(uid: number) {
  return useQuery({
    ...homeSummaryQuery(uid),
    placeholderData: () => keptSummary(uid),
  });
}
