import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';

/**
 * The grading scale: which points (0–100) give which letter grade (the spec's ekv_bukv) and numeric equivalent
 * (ekv_num, 0–5 in hundredths). Universities differ: staff edit it, and every transcript follows it at once.
 */
export const gradeBand = z.object({
  letter: z.string().check(z.trim(), z.regex(/^[A-Z]{1,2}[+-]?$/, 'invalid_format')),
  minPoints: z.number().check(z.int('not_integer'), z.gte(0), z.lte(100)),
  maxPoints: z.number().check(z.int('not_integer'), z.gte(0), z.lte(100)),
  numeric: z.number().check(
    z.gte(0),
    z.lte(5),
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'invalid_format'),
  ),
});
export type GradeBand = z.infer<typeof gradeBand>;

export const gradeScaleLimits = { maxBands: 20 } as const;

/** What is wrong with a scale as a whole (the web app says it in the user's language, the server in English). */
export type ScaleProblem =
  | { code: 'empty' }
  | { code: 'tooMany'; max: number }
  | { code: 'duplicateLetter'; letter: string }
  | { code: 'reversed'; letter: string }
  | { code: 'gap'; from: number; to: number }
  | { code: 'overlap'; letter: string }
  | { code: 'order'; letter: string; other: string };

/**
 * The problem of a scale, or null: the bands must cover the points 0 to 100 exactly once (no gap, no overlap), each
 * letter once, and more points never give a smaller numeric equivalent.
 */
export function scaleProblem(bands: readonly GradeBand[]): ScaleProblem | null {
  if (bands.length === 0) return { code: 'empty' };
  if (bands.length > gradeScaleLimits.maxBands) return { code: 'tooMany', max: gradeScaleLimits.maxBands };
  const seen = new Set<string>();
  for (const band of bands) {
    if (seen.has(band.letter)) return { code: 'duplicateLetter', letter: band.letter };
    seen.add(band.letter);
    if (band.minPoints > band.maxPoints) return { code: 'reversed', letter: band.letter };
  }
  const sorted = [...bands].sort((a, b) => a.minPoints - b.minPoints);
  let next = 0;
  for (const band of sorted) {
    if (band.minPoints > next) return { code: 'gap', from: next, to: band.minPoints - 1 };
    if (band.minPoints < next) return { code: 'overlap', letter: band.letter };
    next = band.maxPoints + 1;
  }
  if (next <= 100) return { code: 'gap', from: next, to: 100 };
  for (let i = 1; i < sorted.length; i++) {
    const lower = sorted[i - 1] as GradeBand;
    const upper = sorted[i] as GradeBand;
    if (upper.numeric < lower.numeric) return { code: 'order', letter: upper.letter, other: lower.letter };
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
  audit: ['transcript.gradeScale'],
  summary: `Replaces the grading scale (staff): \`bands\`, each {letter, minPoints, maxPoints, numeric}, at most ${gradeScaleLimits.maxBands}, covering the points 0–100 exactly once, each letter once, more points never worth less (400 saying what is wrong). Every transcript follows the new scale at once. Answers with the scale as saved.`,
  request: z.object({
    bands: z.array(gradeBand).check(
      // The web app explains the problem itself (scaleProblem); the server's message names it in English.
      z.refine((bands) => scaleProblem(bands) === null, 'invalid_scale'),
    ),
  }),
  response: z.array(gradeBand),
});
