import { academicYearName, academicYearOf, defaultAcademicYear, yearOptions } from '../../lib/academic-calendar.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import type { MiscRepository } from './misc.repository.ts';

/** The institution's branding (the `branding` setting); its name in the three languages, '' where missing. */
export interface Branding {
  name: string;
  nameKg: string;
  nameEn: string;
  /** Storage key of the logo image, or null for the built-in default. */
  logoKey: string | null;
  width: number;
  fontsize: number;
}

/** An academic year (its id is the calendar year it starts in) and the kind of half-year of a day. */
export interface Period {
  year: number;
  yearName: string;
  ws: number;
}

const defaultBranding: Branding = { name: 'Okuu', nameKg: '', nameEn: '', logoKey: null, width: 30, fontsize: 16 };
const unknownHalfYear = 2;

export function createMiscService(repo: MiscRepository, now: () => Date = () => new Date()) {
  /**
   * The academic year and half-year of today, per the calendar. Every portal page asks for them, and they change a few
   * times a year: looked up at most once a minute (the calendar has no API; an edit in the database shows within it).
   */
  const periods = createChangeCache<Period>({ ttlMs: 60_000, maxEntries: 2 });
  function currentPeriod(): Promise<Period> {
    const day = now().toISOString().slice(0, 10);
    return periods.get(day, async () => {
      const [halfYear, academicYear] = await Promise.all([repo.halfYearOn(day), repo.academicYearOn(day)]);
      const year = academicYear?.id ?? halfYear?.academicYearId ?? academicYearOf(now());
      return { year, yearName: academicYear?.name ?? academicYearName(year), ws: halfYear?.kind ?? unknownHalfYear };
    });
  }

  return {
    async branding(): Promise<Branding> {
      return { ...defaultBranding, ...((await repo.getSetting<Partial<Branding>>('branding')) ?? {}) };
    },
    async electiveRegistration(): Promise<boolean> {
      return (await repo.getSetting<boolean>('electiveRegistration')) === true;
    },
    years: () => yearOptions(now()),
    defaultYear() {
      const id = defaultAcademicYear(now());
      return { id, name: academicYearName(id) };
    },
    currentPeriod,
    async currentHalfYear(): Promise<number> {
      return (await currentPeriod()).ws;
    },
    async currentYear(): Promise<{ year: number; name: string }> {
      const { year, yearName } = await currentPeriod();
      return { year, name: yearName };
    },
    photoKey: (userId: number) => repo.photoKey(userId),
    faculties: () => repo.faculties(),
  };
}

export type MiscService = ReturnType<typeof createMiscService>;
