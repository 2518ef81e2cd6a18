import { idInput, idOrNew, lineField, wholeNumber } from '@okuu/contracts/fields';
import { toValidationIssue } from '@okuu/contracts/issues';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { invalidInput } from './validation.ts';

/** The issues the API would report for `input` against `schema`. */
function issues(schema: z.ZodMiniType, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return result.error.issues.map(toValidationIssue);
}

const field = (schema: z.ZodMiniType) => z.object({ f: schema });

describe('validation issues', () => {
  it.each([
    ['a missing value', field(z.string()), {}, { path: ['f'], rule: 'required' }],
    ['a missing choice', field(z.enum(['a', 'b'])), {}, { path: ['f'], rule: 'required' }],
    ['a missing id (a union)', field(idInput), {}, { path: ['f'], rule: 'required' }],
    ['an empty required line', field(lineField(10, true)), { f: '  ' }, { path: ['f'], rule: 'required' }],
    [
      'a short text',
      field(z.string().check(z.minLength(3))),
      { f: 'ab' },
      { path: ['f'], rule: 'too_short', params: { min: 3 } },
    ],
    ['a long text', field(lineField(5, false)), { f: 'abcdef' }, { path: ['f'], rule: 'too_long', params: { max: 5 } }],
    ['a small number', field(idInput), { f: 0 }, { path: ['f'], rule: 'too_small', params: { min: 1 } }],
    ['a big number', field(idInput), { f: 2 ** 31 }, { path: ['f'], rule: 'too_big', params: { max: 2_147_483_647 } }],
    ['a fraction', field(idInput), { f: 1.5 }, { path: ['f'], rule: 'not_integer' }],
    ['letters for an id', field(idInput), { f: 'abc' }, { path: ['f'], rule: 'not_integer' }],
    ['an object for an id', field(idInput), { f: {} }, { path: ['f'], rule: 'not_integer' }],
    [
      'an object for a text',
      field(z.union([z.number(), z.string()])),
      { f: {} },
      { path: ['f'], rule: 'invalid_type' },
    ],
    ['a wrong type', field(z.string()), { f: 5 }, { path: ['f'], rule: 'invalid_type' }],
    [
      'an unknown choice',
      field(z.enum(['a', 'b'])),
      { f: 'c' },
      { path: ['f'], rule: 'invalid_choice', params: { options: 'a, b' } },
    ],
    ['a wrong format', field(z.string().check(z.regex(/^x$/))), { f: 'y' }, { path: ['f'], rule: 'invalid_format' }],
    [
      'too many items',
      field(z.array(z.string()).check(z.maxLength(1))),
      { f: ['a', 'b'] },
      { path: ['f'], rule: 'too_many', params: { max: 1 } },
    ],
    [
      'too few items',
      field(z.array(z.string()).check(z.minLength(2))),
      { f: ['a'] },
      { path: ['f'], rule: 'too_few', params: { min: 2 } },
    ],
    [
      'a value out of range',
      field(wholeNumber(1, 3)),
      { f: 4 },
      { path: ['f'], rule: 'out_of_range', params: { min: 1, max: 3 } },
    ],
    [
      "a check's own rule, its params kept to the rule's",
      field(idOrNew),
      { f: -2 },
      { path: ['f'], rule: 'id_or_new' },
    ],
    [
      'a wrong element, by its place',
      field(z.array(z.string())),
      { f: ['a', 1] },
      { path: ['f', 1], rule: 'invalid_type' },
    ],
    ['the whole body', z.object({}), null, { path: [], rule: 'invalid_type' }],
    ['anything else: the catch-all', z.strictObject({}), { x: 1 }, { path: [], rule: 'invalid' }],
  ])('%s', (_name, schema, input, expected) => {
    expect(issues(schema, input)).toEqual([expected]);
  });

  it('gives API clients an English message listing the first five issues', () => {
    const schema = z.object(Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => [k, z.string()])));
    const result = schema.safeParse({ a: 1, b: 'x' }, { reportInput: true });
    const error = invalidInput(result.error?.issues ?? []);
    expect(error.status).toBe(400);
    expect(error.message).toBe('a: has the wrong type; c: is required; d: is required; e: is required; f: is required');
    expect(error.details.issues).toHaveLength(5);
  });
});
