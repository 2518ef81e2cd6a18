import * as z from 'zod/mini';

/** The range of PostgreSQL's `integer` (int4): every id and count the API takes is stored in such a column. */
export const int4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * What no request may carry, whatever its fields: a text with the NUL character (PostgreSQL refuses it in text), or
 * a whole number outside int4 (no column takes it). Walks the parsed request (without recursion: a loose object may
 * hold deep data) and reports each such value at its path.
 */
const storableInput = z.superRefine<unknown>((value, ctx) => {
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const v = item.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) ctx.addIssue({ code: 'custom', message: 'no_nul', path: item.path, input: v });
    } else if (typeof v === 'number') {
      if (Number.isInteger(v) && (v < int4.min || v > int4.max)) {
        ctx.addIssue({ code: 'custom', message: 'out_of_range', params: { ...int4 }, path: item.path, input: v });
      }
    } else if (Array.isArray(v)) {
      v.forEach((entry, i) => {
        pending.push({ value: entry, path: [...item.path, i] });
      });
    } else if (v && typeof v === 'object') {
      for (const [key, entry] of Object.entries(v)) pending.push({ value: entry, path: [...item.path, key] });
    }
  }
});

/** The request schema of an endpoint, refusing what no column can store (see `storableInput`). */
export function guardInput<T extends z.ZodMiniType>(schema: T): T {
  return schema.check(storableInput) as T;
}

/** Whether a schema carries the guard (a test walks the registry with it). */
export function isGuarded(schema: z.ZodMiniType): boolean {
  return (schema._zod.def.checks ?? []).includes(storableInput as never);
}
