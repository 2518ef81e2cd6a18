import * as z from 'zod/mini';
import type { ValidationRule } from './messages.ts';

/**
 * Building blocks of every area's contracts: ids as the spec's client sends them (numbers, or digits in form fields),
 * the dropdowns' "any" choice, form booleans, cleaned texts, and names in the three languages. Their checks report
 * the rules of messages.ts (a custom message is a rule's key), so a refused field is explained in the reader's
 * language.
 */

const maxId = 2_147_483_647;

/** A check's message: the rule it reports (messages.ts). */
const rule = (key: ValidationRule) => key;

/** Digits, optionally a leading minus: how a whole number arrives in a form field or a query. */
const digits = (pattern: RegExp) => z.string().check(z.trim(), z.regex(pattern, rule('not_integer')));

/** A whole number from `min` to `max`, as a number or a text of digits; `outside` is the rule a value beyond reports. */
function wholeInput(pattern: RegExp, min: number, max: number, outside: ValidationRule | null = null) {
  return z.pipe(
    z.pipe(z.union([z.number(), digits(pattern)], rule('not_integer')), z.transform(Number)),
    z
      .number()
      .check(
        z.int(rule('not_integer')),
        outside ? z.gte(min, rule(outside)) : z.gte(min),
        outside ? z.lte(max, rule(outside)) : z.lte(max),
      ),
  );
}

/** A database id: a positive whole number, or a string of digits (form fields are text). */
export const idInput = wholeInput(/^\d{1,10}$/, 1, maxId);

/** A cursor: an id, or 0 for "from the very start". */
export const idOrZero = wholeInput(/^\d{1,10}$/, 0, maxId);

/** A whole number from `min` to `max` (a year, a half-year, credits): refused as out_of_range {min, max}. */
export function wholeNumber(min: number, max: number) {
  return z.pipe(
    z.pipe(z.union([z.number(), digits(/^\d{1,6}$/)], rule('not_integer')), z.transform(Number)),
    z.number().check(
      z.int(rule('not_integer')),
      z.refine((v) => v >= min && v <= max, { error: rule('out_of_range'), params: { min, max } }),
    ),
  );
}

/** The id of a record to update, or -1 (the spec's marker of a new one). Absent means -1. */
export const idOrNew = z.pipe(
  z.pipe(
    z.optional(z.union([z.number(), digits(/^-?\d{1,10}$/)], rule('not_integer'))),
    z.transform((v) => (v === undefined ? -1 : Number(v))),
  ),
  z.number().check(
    z.int(rule('not_integer')),
    z.gte(-1, rule('id_or_new')),
    z.lte(maxId, rule('id_or_new')),
    z.refine((v) => v !== 0, rule('id_or_new')),
  ),
);

/** A person's id, or -1 for the group chat. */
export const peerIdInput = z.pipe(
  z.pipe(z.union([z.number(), digits(/^-?\d{1,10}$/)], rule('not_integer')), z.transform(Number)),
  z.number().check(
    z.int(rule('not_integer')),
    z.gte(-1, rule('user_or_group_chat')),
    z.lte(maxId, rule('user_or_group_chat')),
    z.refine((v) => v !== 0, rule('user_or_group_chat')),
  ),
);

/**
 * A dropdown's choice used as a filter: an id, or -1 (the blank ' --- ' entry the web app adds), '' or nothing, all
 * meaning "any". Parsed to the id, or null for "any". (JSON null is refused, as everywhere.)
 */
export const anyId = z.pipe(
  z.pipe(
    z.pipe(
      z.optional(
        z.union(
          [z.number(), z.string().check(z.trim(), z.regex(/^(-1|\d{1,10}|)$/, rule('id_or_any')))],
          rule('id_or_any'),
        ),
      ),
      z.transform((v) => (v === undefined || v === '' ? -1 : Number(v))),
    ),
    z.number().check(
      z.int(rule('id_or_any')),
      z.gte(-1, rule('id_or_any')),
      z.lte(maxId, rule('id_or_any')),
      z.refine((v) => v !== 0, rule('id_or_any')),
    ),
  ),
  z.transform((v) => (v === -1 ? null : v)),
);

/** A calendar date, YYYY-MM-DD (a real day: 2026-02-30 is refused as invalid_date). */
export const dateInput = z.string().check(
  z.trim(),
  z.refine(
    (v) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const time = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
    },
    { error: rule('invalid_date'), abort: true },
  ),
);

/** An id, or -1 for "none" (a mark cleared): parsed to the id, or null. */
export const idOrNone = z.pipe(
  z.pipe(z.union([z.number(), digits(/^-?\d{1,10}$/)], rule('id_or_none')), z.transform(Number)),
  z.pipe(
    z.number().check(
      z.int(rule('id_or_none')),
      z.refine((v) => v === -1 || (v >= 1 && v <= maxId), rule('id_or_none')),
    ),
    z.transform((v) => (v === -1 ? null : v)),
  ),
);

/** A page number, 1 first. */
export const pageInput = z._default(wholeInput(/^\d{1,6}$/, 1, 100_000), 1);

/** A page count: 0 (unknown) to 100,000. */
export const pagesInput = z.pipe(
  z.pipe(
    z.optional(z.union([z.number(), digits(/^\d{0,6}$/)], rule('not_integer'))),
    z.transform((v) => (v === undefined || v === '' ? 0 : Number(v))),
  ),
  z.number().check(z.int(rule('not_integer')), z.gte(0), z.lte(100_000)),
);

/** A yes/no form field: true, false, 1, 0, on, off (or a JSON boolean). Absent is false. */
export const formFlag = z.pipe(
  z.optional(
    z.union(
      [z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''], rule('not_boolean'))],
      rule('not_boolean'),
    ),
  ),
  z.transform((v) => v === true || v === 'true' || v === '1' || v === 'on'),
);

/** Control characters other than line breaks and tabs are dropped; line breaks become \n; trimmed. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .trim();
}

/** One line of text: every control character dropped, whitespace runs collapsed to one space, trimmed. */
export function cleanLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A one-line text field of at most `max` characters; `required` refuses an empty one. */
export function lineField(max: number, required: boolean) {
  const text = z.pipe(z.string(), z.transform(cleanLine));
  return required
    ? z.pipe(text, z.string().check(z.minLength(1, rule('required')), z.maxLength(max)))
    : z._default(z.pipe(text, z.string().check(z.maxLength(max))), '');
}

/** A multi-line text field of at most `max` characters, empty when absent. */
export function textField(max: number) {
  return z._default(z.pipe(z.pipe(z.string(), z.transform(cleanText)), z.string().check(z.maxLength(max))), '');
}

/** A multipart field arrives as a string, or as a list when repeated: always a list. */
export const formList = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((v) => (Array.isArray(v) ? v : [v])),
);

/**
 * A name in the three portal languages: `name` Russian (the portal's default), `nameKg` Kyrgyz, `nameEn` English. A
 * missing translation is '' (the web app then shows the Russian name).
 */
export const localizedName = {
  name: z.string(),
  nameKg: z.string(),
  nameEn: z.string(),
};

/** A named record, such as a reference value of a profile. */
export const namedRecord = z.object(localizedName);
export type NamedRecord = z.infer<typeof namedRecord>;
