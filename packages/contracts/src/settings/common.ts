import * as z from 'zod/mini';
import { dateInput, lineField } from '../fields.ts';

/**
 * Shared pieces of the staff settings screen (issue 30): the institution, the calendar, bells and rooms, registration
 * and paid services. Every call is for staff; every change writes an audit row in its transaction.
 */

/** An optional name translation: '' when not given. */
export const optionalName = lineField(200, false);
/** A required name. */
export const requiredName = lineField(200, true);

/** A decimal number from `min` to `max` (a form's text or a JSON number): refused as out_of_range {min, max}. */
export function decimalIn(min: number, max: number) {
  return z.pipe(
    z.pipe(
      z.union(
        [z.number(), z.string().check(z.trim(), z.regex(/^-?\d{1,4}(\.\d{1,10})?$/, 'invalid_format'))],
        'invalid_format',
      ),
      z.transform(Number),
    ),
    z
      .number()
      .check(
        z.refine((v) => Number.isFinite(v) && v >= min && v <= max, { error: 'out_of_range', params: { min, max } }),
      ),
  );
}

/** A time of day, HH:MM (24 hours). */
export const timeInput = z.string().check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_format'));

/** A moment as a datetime-local field gives it, YYYY-MM-DDTHH:MM, read as Asia/Bishkek time (UTC+6). */
export const localMomentInput = z.string().check(
  z.trim(),
  z.refine(
    (v) => /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/.test(v) && dateInput.safeParse(v.slice(0, 10)).success,
    {
      error: 'invalid_format',
      abort: true,
    },
  ),
);

/** `from` … `to`, refusing an end not after the start (rule after_start on `to`). */
export function orderedRange<T extends { from: string; to: string }>(v: T, ctx: z.core.$RefinementCtx<T>) {
  if (v.to <= v.from) ctx.issues.push({ code: 'custom', message: 'after_start', path: ['to'], input: v.to });
}

/** A date range in a reply: first and last day, YYYY-MM-DD. */
export const dayRange = { from: z.string(), to: z.string() };
