import type { JournalTotals } from '@okuu/contracts/journal/common';

/** What totals need of a mark of the scale. */
export interface ScaleMark {
  points: number | null;
  isAbsence: boolean;
}

/**
 * A row's totals (spec: Journal): absences are the 'н/б' marks; points add up every mark's points ('н/б' adds 0);
 * the average is the points over the marks that are grades ('н/б' counts as a 0, '+' not at all), rounded half up
 * to 2 decimals in whole-number arithmetic (no 1.005 → 1.00 float slips). No grade at all: average null.
 */
export function totalsOf(marks: readonly (number | null)[], scale: ReadonlyMap<number, ScaleMark>): JournalTotals {
  let absences = 0;
  let points = 0;
  let graded = 0;
  for (const id of marks) {
    const mark = id === null ? undefined : scale.get(id);
    if (!mark) continue;
    if (mark.isAbsence) absences++;
    if (mark.points !== null) {
      points += mark.points;
      graded++;
    }
  }
  return { absences, points, average: graded === 0 ? null : roundedRatio(points, graded) };
}

/** a / b rounded half up to 2 decimals, for a ≥ 0 and b > 0 whole numbers. */
export function roundedRatio(a: number, b: number): number {
  return Math.floor((200 * a + b) / (2 * b)) / 100;
}
