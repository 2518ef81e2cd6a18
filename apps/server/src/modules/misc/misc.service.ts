import { academicYearName, academicYearOf, defaultAcademicYear, yearOptions } from '../../lib/academic-calendar.ts';
import type { MiscRepository } from './misc.repository.ts';

export interface Branding {
  name: string;
  /** Storage key of the logo image, or null for the built-in default. */
  logoKey: string | null;
  width: number;
  fontsize: number;
}

const defaultBranding: Branding = { name: 'Okuu', logoKey: null, width: 30, fontsize: 16 };
const unknownHalfYear = 2;

export function createMiscService(repo: MiscRepository, now: () => Date = () => new Date()) {
  const today = () => now().toISOString().slice(0, 10);
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
    async currentHalfYear(): Promise<number> {
      return (await repo.halfYearOn(today()))?.kind ?? unknownHalfYear;
    },
    async currentYear(): Promise<{ year: number; name: string }> {
      const found = await repo.academicYearOn(today());
      const year = found?.id ?? academicYearOf(now());
      return { year, name: found?.name ?? academicYearName(year) };
    },
    photoKey: (userId: number) => repo.photoKey(userId),
    faculties: () => repo.faculties(),
  };
}

export type MiscService = ReturnType<typeof createMiscService>;
