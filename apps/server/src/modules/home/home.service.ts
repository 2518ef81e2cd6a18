import type { HomeCards, HomeSummary } from '@okuu/contracts/home/summary';
import { bishkekDay } from '@okuu/contracts/schedule/weeks';
import { createChangeCache } from '../../lib/change-cache.ts';
import { JsonReply } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { HomeCardSet } from './home.cards.ts';

/**
 * A person's summary is kept this long (home is opened again and again, and a burst of sign-ins at 8:00 asks the same);
 * the changes it depends on drop it at once (home.live.ts).
 */
export const homeCacheMs = 5_000;

/** Home: one summary per person, put together from the cards the modules contribute. It has no tables of its own. */
export function createHomeService(deps: { cards: HomeCardSet; now: () => Date; cacheMs?: number }) {
  const cacheMs = deps.cacheMs ?? homeCacheMs;
  // Each kept with its reply encoded once: home is asked again and again between changes.
  const summaries = createChangeCache<{ data: HomeSummary; reply: JsonReply<HomeSummary> }>({
    ttlMs: cacheMs,
    maxEntries: 50_000,
  });
  const cards = Object.entries(deps.cards) as [keyof HomeCards, (user: AuthUser, now: Date) => Promise<unknown>][];

  async function load(user: AuthUser) {
    const now = deps.now();
    const values = await Promise.all(cards.map(([, card]) => card(user, now)));
    const shown: Record<string, unknown> = {};
    cards.forEach(([key], i) => {
      if (values[i] !== undefined) shown[key] = values[i];
    });
    const data: HomeSummary = { at: now.toISOString(), today: bishkekDay(now).date, cards: shown as HomeCards };
    return { data, reply: new JsonReply(data) };
  }

  /** The caller's summary (kept a few seconds; a change it depends on drops it). */
  async function kept(user: AuthUser) {
    const key = String(user.id);
    const found = await summaries.get(key, () => load(user));
    // Made for another moment of the clock (a test's, moved): made afresh.
    const age = deps.now().getTime() - Date.parse(found.data.at);
    if (age >= 0 && age <= cacheMs) return found;
    summaries.delete(key);
    return summaries.get(key, () => load(user));
  }

  return {
    summary: async (user: AuthUser): Promise<HomeSummary> => (await kept(user)).data,
    summaryReply: async (user: AuthUser): Promise<JsonReply<HomeSummary>> => (await kept(user)).reply,

    /** What home shows this person changed (their entry is dropped); with no person, anyone's may have. */
    forget(userId?: number) {
      if (userId === undefined) summaries.clear();
      else summaries.delete(String(userId));
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
