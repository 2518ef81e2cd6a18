// No imports but types: the web app computes a row's totals as it is typed, with the same rules as the server.
import type { GradeBand } from '../transcript/grade-scale.ts';

/** A column of a grading sheet: a control point (module) or the examination (at most one, the last). */
export interface GradingColumnRule {
  kind: 'module' | 'exam';
  max: number;
}

/** A discipline's columns when staff have set none: two modules and the examination, 30 + 30 + 40, admission at 30. */
export const defaultScheme: { columns: GradingColumnRule[]; admissionMin: number } = {
  columns: [
    { kind: 'module', max: 30 },
    { kind: 'module', max: 30 },
    { kind: 'exam', max: 40 },
  ],
  admissionMin: 30,
};

/** What is wrong with a set of columns: null when they are fine (1–6 columns, maxima 1–100 summing to 100, one exam at most, last). */
export function schemeProblem(columns: readonly GradingColumnRule[], admissionMin: number): string | null {
  if (columns.length < 1 || columns.length > 6) return 'columns';
  if (columns.reduce((s, c) => s + c.max, 0) !== 100) return 'sum';
  const exams = columns.filter((c) => c.kind === 'exam').length;
  if (exams > 1 || (exams === 1 && columns.at(-1)?.kind !== 'exam')) return 'exam';
  const modules = columns.filter((c) => c.kind === 'module').reduce((s, c) => s + c.max, 0);
  if (admissionMin > modules) return 'admission';
  return null;
}

export interface RowTotals {
  /** Points from the control points (modules). */
  modules: number;
  /** Whether the modules reach the admission minimum (always true for a sheet without an exam column). */
  admitted: boolean;
  /** Points the modules still lack for admission (0 when admitted). */
  missingForAdmission: number;
  /** The sum counted: modules, and the exam when admitted. */
  total: number;
  letter: string | null;
  numeric: number | null;
  /** Whether the total passes (its band's numeric equivalent is at least 1). */
  passed: boolean;
}

/** The band of the scale that `points` fall in. */
export function bandOf(scale: readonly GradeBand[], points: number): GradeBand | null {
  return scale.find((b) => b.minPoints <= points && points <= b.maxPoints) ?? null;
}

/** A student's totals on a sheet: the points per column (null where empty) summed, admission, letter and numeric grade. */
export function rowTotals(
  columns: readonly GradingColumnRule[],
  points: readonly (number | null)[],
  admissionMin: number,
  scale: readonly GradeBand[],
): RowTotals {
  let modules = 0;
  let exam = 0;
  columns.forEach((c, i) => {
    const p = points[i] ?? 0;
    if (c.kind === 'exam') exam += p;
    else modules += p;
  });
  const hasExam = columns.some((c) => c.kind === 'exam');
  const admitted = !hasExam || modules >= admissionMin;
  const total = Math.min(100, modules + (admitted ? exam : 0));
  const band = bandOf(scale, total);
  return {
    modules,
    admitted,
    missingForAdmission: admitted ? 0 : admissionMin - modules,
    total,
    letter: band?.letter ?? null,
    numeric: band?.numeric ?? null,
    passed: (band?.numeric ?? 0) >= 1,
  };
}
