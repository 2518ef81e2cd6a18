import type { Endpoint } from '@okuu/contracts/endpoint';
import { errorCodes, errorParams } from '@okuu/contracts/errors';
import { isValidationRule, validationRuleKeys, validationRules } from '@okuu/contracts/messages';
import { registry } from '@okuu/contracts/registry';
import { describe, expect, it } from 'vitest';

/**
 * Every error a person can meet has its text in ru, kg and en: each error code, each code's detailed text with its
 * params, each validation rule the contracts can report (every message a check of the registry's requests sets is a
 * rule), and the label of every field a request has.
 */

const catalogues = import.meta.glob<ErrorTexts>('./*/screens/errors.json', { eager: true, import: 'default' });
const fieldLabels = import.meta.glob<Record<string, string>>('./*/screens/fields.json', {
  eager: true,
  import: 'default',
});
const languages = ['ru', 'kg', 'en'] as const;

interface ErrorTexts {
  code: Record<string, string>;
  detail: Record<string, string>;
  rule: Record<string, string>;
  issue: Record<string, string>;
}

const textsOf = (language: string) => catalogues[`./${language}/screens/errors.json`] as ErrorTexts;

/** The {{names}} a text interpolates. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

interface SchemaDef {
  type: string;
  error?: (issue: unknown) => unknown;
  checks?: { _zod: { def: { error?: (issue: unknown) => unknown } } }[];
  [child: string]: unknown;
}
type Schema = { _zod: { def: SchemaDef } };

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && 'def' in (value as Schema)._zod;

const messageOf = (error: ((issue: unknown) => unknown) | undefined) => {
  const result = error?.({ code: 'custom', path: [], input: undefined });
  return typeof result === 'object' && result !== null ? (result as { message?: string }).message : result;
};

/** The custom messages of a schema and of every schema inside it (objects, pipes, unions, wrappers, lists). */
function customMessages(schema: Schema, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const own = [messageOf(def.error), ...(def.checks ?? []).map((check) => messageOf(check._zod.def.error))];
  const children = Object.values(def)
    .flatMap((value) => (Array.isArray(value) ? value : isSchema(value) ? [value] : Object.values(value ?? {})))
    .filter(isSchema);
  return [
    ...own.filter((m): m is string => typeof m === 'string'),
    ...children.flatMap((c) => customMessages(c, seen)),
  ];
}

function fieldsOf(endpoint: Endpoint): string[] {
  const shape = (endpoint.request as unknown as { _zod: { def: { shape?: object } } })._zod.def.shape;
  return Object.keys(shape ?? {});
}

/** Fields the services name in their own refusals (an upload's files), beyond the requests' fields. */
const serviceFields = ['files'];

describe('error texts', () => {
  it.each(languages)('%s: a text for every error code, none with placeholders', (language) => {
    const { code } = textsOf(language);
    expect(Object.keys(code).sort()).toEqual([...errorCodes].sort());
    for (const [key, text] of Object.entries(code)) expect(placeholders(text), key).toEqual([]);
  });

  it.each(languages)("%s: a detailed text for every code with params, using only the code's params", (language) => {
    const { detail } = textsOf(language);
    expect(Object.keys(detail).sort()).toEqual(Object.keys(errorParams).sort());
    for (const [code, names] of Object.entries(errorParams)) {
      expect(placeholders(detail[code] as string), code).toEqual([...names].sort());
    }
  });

  it.each(languages)("%s: a text for every validation rule, using only the rule's params", (language) => {
    const { rule } = textsOf(language);
    expect(Object.keys(rule).sort()).toEqual([...validationRuleKeys].sort());
    for (const key of validationRuleKeys) {
      expect(placeholders(rule[key] as string), key).toEqual([...validationRules[key].params].sort());
    }
  });

  it('every message a check of the contracts sets is a validation rule', () => {
    const messages = new Set(registry.flatMap((endpoint) => customMessages(endpoint.request as unknown as Schema)));
    // The walk reaches the contracts' checks: a few rules are certainly among them.
    expect([...messages]).toEqual(expect.arrayContaining(['not_integer', 'id_or_any', 'login_characters']));
    expect([...messages].filter((message) => !isValidationRule(message))).toEqual([]);
  });

  it.each(languages)('%s: a label for every field of every request', (language) => {
    const field = fieldLabels[`./${language}/screens/fields.json`] as Record<string, string>;
    const fields = new Set([...registry.flatMap(fieldsOf), ...serviceFields]);
    expect(fields.size).toBeGreaterThan(40);
    expect([...fields].filter((name) => !field[name]).sort()).toEqual([]);
  });
});
