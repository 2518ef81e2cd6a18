import * as z from 'zod/mini';
import { callerEcho } from '../endpoint.ts';
import { anyId, wholeNumber } from '../fields.ts';

/**
 * The inputs of the filter lists (spec: Filters) and of the schedule: an academic year and half-year, and the choices
 * of the dropdowns before. Every field may be left out: the year and half-year default to today's, an id to "any"
 * (-1, the blank ' --- ' entry, or '' too).
 */

/** An academic year, by its starting calendar year (2026 for 2026-27). */
export const academicYearInput = wholeNumber(1990, 2100);

/** A half-year (the spec's ws): 1 fall, 2 spring, 3 summer. */
export const halfYearInput = wholeNumber(1, 3);

/** Credits (kredit) as a filter: 1 to 60, or -1 / nothing for any. */
export const creditsFilter = z.pipe(
  z.pipe(
    z.optional(
      z.union([z.number(), z.string().check(z.trim(), z.regex(/^(-1|\d{1,2}|)$/, 'not_integer'))], 'not_integer'),
    ),
    z.transform((v) => (v === undefined || v === '' ? -1 : Number(v))),
  ),
  z.pipe(
    z.number().check(
      z.int('not_integer'),
      z.refine((v) => v === -1 || (v >= 1 && v <= 60), { error: 'out_of_range', params: { min: 1, max: 60 } }),
    ),
    z.transform((v) => (v === -1 ? null : v)),
  ),
);

/** Elective or not (isSelect) as a filter: true/false, 1/0, or nothing (and -1) for either. */
export const electiveFilter = z.pipe(
  z.optional(
    z.union(
      [z.boolean(), z.literal([0, 1, -1], 'not_boolean'), z.enum(['true', 'false', '1', '0', '-1', ''], 'not_boolean')],
      'not_boolean',
    ),
  ),
  z.transform((v) =>
    v === undefined || v === '' || v === '-1' || v === -1 ? null : v === true || v === 'true' || v === '1' || v === 1,
  ),
);

/** The spec's payload fields of the filter lists: uid, year, ws, id_discipline, id_semester, id_group, isSelect, kredit. */
export const filterFields = {
  ...callerEcho,
  year: z.optional(academicYearInput),
  ws: z.optional(halfYearInput),
  id_discipline: anyId,
  id_semester: anyId,
  id_group: anyId,
  isSelect: electiveFilter,
  kredit: creditsFilter,
};

export const filterRequest = z.object(filterFields);
export type FilterInput = z.output<typeof filterRequest>;
