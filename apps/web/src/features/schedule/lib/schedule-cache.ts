import { type WeekSchedule, weekSchedule } from '@okuu/contracts/schedule/schedule';
import { bishkekDay } from '@okuu/contracts/schedule/weeks';
import { readStorage, storageKeys, storedKeys, writeStorage } from '../../../lib/storage';

/**
 * The schedule kept in the browser (spec: the cache is kept with uid, role, year, ws and date): one entry per user,
 * role, year and half-year, with the time it was fetched. It is fetched again only on Saturday or Sunday, and only
 * once it is a week old (spec section 9), or when the user asks; otherwise, and offline, the kept one is shown.
 */

/** Spec section 9: a week. */
export const SCHEDULE_REFRESH_MS = 604_800_000;

export interface ScheduleOwner {
  uid: number;
  role: number;
}

export interface KeptSchedule extends ScheduleOwner {
  year: number;
  ws: number;
  /** When it was fetched (ms since the epoch). */
  date: number;
  data: WeekSchedule;
}

const keyOf = (owner: ScheduleOwner, year: number, ws: number) =>
  `${storageKeys.schedule}:${owner.uid}:${owner.role}:${year}:${ws}` as const;

function parse(text: string | null, owner: ScheduleOwner): KeptSchedule | null {
  if (!text) return null;
  try {
    const kept = JSON.parse(text) as KeptSchedule;
    if (kept.uid !== owner.uid || kept.role !== owner.role || typeof kept.date !== 'number') return null;
    // What an older version of the portal kept may not fit today's shape: it is fetched again instead.
    return weekSchedule.safeParse(kept.data).success ? kept : null;
  } catch {
    return null;
  }
}

export function readKeptSchedule(owner: ScheduleOwner, year: number, ws: number): KeptSchedule | null {
  return parse(readStorage(keyOf(owner, year, ws)), owner);
}

export function keepSchedule(owner: ScheduleOwner, data: WeekSchedule, date: number): void {
  const kept: KeptSchedule = { ...owner, year: data.year, ws: data.ws, date, data };
  writeStorage(keyOf(owner, data.year, data.ws), JSON.stringify(kept));
}

/** The most recently fetched schedule of a user: what to show offline, when today's half-year cannot be asked. */
export function latestKeptSchedule(owner: ScheduleOwner): KeptSchedule | null {
  let latest: KeptSchedule | null = null;
  for (const key of storedKeys(`${storageKeys.schedule}:${owner.uid}:${owner.role}:`)) {
    const kept = parse(readStorage(key as `${typeof storageKeys.schedule}:${string}`), owner);
    if (kept && (!latest || kept.date > latest.date)) latest = kept;
  }
  return latest;
}

/** Whether a schedule fetched at `date` is to be fetched again at `now`: on Saturday or Sunday, a week on. */
export function isRefreshDue(date: number, now: Date): boolean {
  const { weekday } = bishkekDay(now);
  return weekday >= 6 && now.getTime() - date >= SCHEDULE_REFRESH_MS;
}
