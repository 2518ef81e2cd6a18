import { roles } from '@okuu/contracts/endpoint';
import type { StudentGroup } from '@okuu/contracts/misc/groups';
import { academicYearName, academicYearOf, defaultAcademicYear, yearOptions } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import type { AuthUser } from '../../lib/session.ts';
import { validationError } from '../../lib/validation.ts';
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

/** A half-year of the calendar, as the schedule and the filter lists use it. */
export interface HalfYear {
  year: number;
  ws: number;
  /** First and last day, YYYY-MM-DD. */
  startsOn: string;
  endsOn: string;
}

/** A student keeps their group for the years of study: courses 1 to 5 (part-time programmes take five years). */
const maxCourse = 5;

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

  /** Half-years by year and kind, looked up at most once a minute like today's period. */
  const halfYears = createChangeCache<HalfYear | null>({ ttlMs: 60_000, maxEntries: 100 });

  /**
   * The half-year a call asks for: `year` and `ws` as given, each defaulting to today's. One the calendar does not
   * have is refused with 404.
   */
  async function halfYearOf(input: { year?: number; ws?: number }): Promise<HalfYear> {
    const today = input.year === undefined || input.ws === undefined ? await currentPeriod() : null;
    const year = input.year ?? (today as Period).year;
    const ws = input.ws ?? (today as Period).ws;
    const found = await halfYears.get(`${year}/${ws}`, async () => {
      const row = await repo.halfYear(year, ws);
      return row && { year, ws, ...row };
    });
    if (!found) throw new AppError('not_found', `The calendar has no half-year ${ws} in academic year ${year}.`);
    return found;
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
    /** Drops the cached periods and half-years: the calendar was changed (staff settings). */
    forgetCalendar() {
      periods.clear();
      halfYears.clear();
    },
    async currentHalfYear(): Promise<number> {
      return (await currentPeriod()).ws;
    },
    async currentYear(): Promise<{ year: number; name: string }> {
      const { year, yearName } = await currentPeriod();
      return { year, name: yearName };
    },
    halfYearOf,

    /**
     * misc/getgroups: a student's groups in an academic year (default: the current one). A student may ask about
     * themself only; a teacher about a student of a group they teach that year; staff about anyone.
     */
    async studentGroups(user: AuthUser, input: { id_a_year?: number; id_student?: number }): Promise<StudentGroup[]> {
      const studentId = input.id_student ?? (user.role === roles.student ? user.id : undefined);
      if (studentId === undefined) throw validationError([{ path: ['id_student'], rule: 'required' }]);
      if (user.role === roles.student && studentId !== user.id) {
        throw new AppError('forbidden', 'A student may see only their own groups.');
      }
      const group = await repo.studentGroup(studentId);
      if (!group) throw new AppError('not_found', `There is no student ${studentId}.`);
      const year = input.id_a_year ?? (await currentPeriod()).year;
      if (user.role === roles.teacher && !(await repo.teachesGroup(user.id, group.groupId, year))) {
        throw new AppError('forbidden', 'You do not teach this student in that academic year.');
      }
      const course = year - group.admissionYear + 1;
      if (course < 1 || course > maxCourse) return [];
      return [{ id_group: group.groupId, name: group.name, id_a_year: year, course, studyForm: group.studyForm }];
    },

    photoKey: (userId: number) => repo.photoKey(userId),
    faculties: () => repo.faculties(),
  };
}

export type MiscService = ReturnType<typeof createMiscService>;
