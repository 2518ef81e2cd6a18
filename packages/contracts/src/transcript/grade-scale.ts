import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';

/**
 * The grading scale: which points (0–100) give which letter grade (the spec's ekv_bukv) and numeric equivalent
 * (ekv_num, 0–5 in hundredths). Universities differ: staff edit it, and every transcript follows it at once.
 */
export const gradeBand = z.object({
  letter: z.string().check(z.trim(), z.regex(/^[A-Z]{1,2}[+-]?$/, 'must be a letter grade such as A, B+, C- or FX')),
  minPoints: z.number().check(z.int('must be a whole number'), z.gte(0, 'is at least 0'), z.lte(100, 'is at most 100')),
  maxPoints: z.number().check(z.int('must be a whole number'), z.gte(0, 'is at least 0'), z.lte(100, 'is at most 100')),
  numeric: z.number().check(
    z.gte(0, 'is at least 0'),
    z.lte(5, 'is at most 5'),
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'has at most two decimals'),
  ),
});
export type GradeBand = z.infer<typeof gradeBand>;

export const gradeScaleLimits = { maxBands: 20 } as const;

/**
 * What is wrong with a scale as a whole, or null: the bands must cover the points 0 to 100 exactly once (no gap, no
 * overlap), each letter once, and more points never give a smaller numeric equivalent.
 */
export function scaleProblem(bands: readonly GradeBand[]): string | null {
  if (bands.length === 0) return 'The scale needs at least one band.';
  if (bands.length > gradeScaleLimits.maxBands) return `The scale has at most ${gradeScaleLimits.maxBands} bands.`;
  const letters = new Set(bands.map((b) => b.letter));
  if (letters.size !== bands.length) return 'Each letter grade appears once.';
  for (const band of bands) {
    if (band.minPoints > band.maxPoints) return `${band.letter}: the lowest points exceed the highest.`;
  }
  const sorted = [...bands].sort((a, b) => a.minPoints - b.minPoints);
  let next = 0;
  for (const band of sorted) {
    if (band.minPoints !== next) {
      return band.minPoints > next
        ? `No band covers ${next}–${band.minPoints - 1} points.`
        : `${band.letter} overlaps the band below it.`;
    }
    next = band.maxPoints + 1;
  }
  if (next !== 101) return `No band covers ${next}–100 points.`;
  for (let i = 1; i < sorted.length; i++) {
    const lower = sorted[i - 1] as GradeBand;
    const upper = sorted[i] as GradeBand;
    if (upper.numeric < lower.numeric)
      return `${upper.letter} is worth less than ${lower.letter}, which needs fewer points.`;
  }
  return null;
}

export const gradeScale = defineEndpoint({
  id: 'transcript.gradeScale',
  method: 'POST',
  path: '/api/transcript/scale.json',
  access: 'authenticated',
  summary: 'The grading scale in force, best band first: points from–to, letter grade, numeric equivalent.',
  request: emptyRequest,
  response: z.array(gradeBand),
});

export const gradeScaleSave = defineEndpoint({
  id: 'transcript.gradeScaleSave',
  method: 'POST',
  path: '/api/transcript/scale/save.json',
  access: 'staff',
  summary: `Replaces the grading scale (staff): \`bands\`, each {letter, minPoints, maxPoints, numeric}, at most ${gradeScaleLimits.maxBands}, covering the points 0–100 exactly once, each letter once, more points never worth less (400 saying what is wrong). Every transcript follows the new scale at once. Answers with the scale as saved.`,
  request: z.object({
    bands: z.array(gradeBand).check(
      z.refine((bands) => scaleProblem(bands) === null, {
        error: (issue) => scaleProblem(issue.input as GradeBand[]) ?? 'is not a valid scale',
      }),
    ),
  }),
  response: z.array(gradeBand),
});
