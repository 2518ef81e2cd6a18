/** Academic calendar rules of the spec (section 9). Months are 0-based as in Date#getUTCMonth. */

export function academicYearName(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The six year options: the current calendar year minus 4 to plus 1. */
export function yearOptions(now: Date): { id: number; name: string }[] {
  const year = now.getUTCFullYear();
  return Array.from({ length: 6 }, (_, i) => year - 4 + i).map((id) => ({ id, name: academicYearName(id) }));
}

/** The default year switches after month index 8 (September): October on is the new academic year's start year. */
export function defaultAcademicYear(now: Date): number {
  return now.getUTCMonth() > 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

/** The academic year a date falls in: September on belongs to the year starting that calendar year. */
export function academicYearOf(now: Date): number {
  return now.getUTCMonth() >= 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
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
