import * as z from 'zod/mini';
import { callerEcho } from '../endpoint.ts';
import { anyId } from '../library/common.ts';

/**
 * The inputs of the filter lists (spec: Filters) and of the schedule: an academic year and half-year, and the choices
 * of the dropdowns before. Every field may be left out: the year and half-year default to today's, an id to "any"
 * (-1, the blank ' --- ' entry, or '' too).
 */

const whole = (pattern: RegExp) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.regex(pattern, 'must be a whole number'))]),
    z.transform(Number),
  );

/** An academic year, by its starting calendar year (2026 for 2026-27). */
export const academicYearInput = z.pipe(
  whole(/^\d{4}$/),
  z
    .number()
    .check(
      z.int('must be an academic year such as 2026'),
      z.gte(1990, 'must be an academic year such as 2026'),
      z.lte(2100, 'must be an academic year such as 2026'),
    ),
);

/** A half-year (the spec's ws): 1 fall, 2 spring, 3 summer. */
export const halfYearInput = z.pipe(
  whole(/^\d$/),
  z
    .number()
    .check(
      z.int('must be 1 (fall), 2 (spring) or 3 (summer)'),
      z.gte(1, 'must be 1 (fall), 2 (spring) or 3 (summer)'),
      z.lte(3, 'must be 1 (fall), 2 (spring) or 3 (summer)'),
    ),
);

/** Credits (kredit) as a filter: 1 to 60, or -1 / nothing for any. */
export const creditsFilter = z.pipe(
  z.pipe(
    z.optional(z.union([z.number(), z.string().check(z.trim(), z.regex(/^(-1|\d{1,2}|)$/, 'must be 1 to 60, or -1'))])),
    z.transform((v) => (v === undefined || v === '' ? -1 : Number(v))),
  ),
  z.pipe(
    z.number().check(
      z.int('must be a whole number'),
      z.refine((v) => v === -1 || (v >= 1 && v <= 60), 'must be 1 to 60, or -1 for any'),
    ),
    z.transform((v) => (v === -1 ? null : v)),
  ),
);

/** Elective or not (isSelect) as a filter: true/false, 1/0, or nothing (and -1) for either. */
export const electiveFilter = z.pipe(
  z.optional(
    z.union([
      z.boolean(),
      z.literal([0, 1, -1], 'must be true or false'),
      z.enum(['true', 'false', '1', '0', '-1', ''], 'must be true or false'),
    ]),
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
