import type { Endpoint } from '@okuu/contracts/endpoint';
import { int4, isGuarded } from '@okuu/contracts/input-guard';
import { type ValidationIssue, validationRuleKeys, validationRules } from '@okuu/contracts/messages';
import { registry } from '@okuu/contracts/registry';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedCaller, type CallerName, databaseDigest, signInAll } from './callers.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { formBody, storageDigest } from './multipart.ts';

/**
 * Every endpoint, fed at least 200 generated malformed inputs by a caller allowed to use it: never a 5xx, always the
 * error envelope, and the database is byte-for-byte unchanged. "Malformed" means the endpoint's own request schema
 * rejects it, so every one of these calls must be refused with 400. Multipart endpoints get malformed forms (fields as
 * the server reads them: a text, or a list when repeated), with files, and malformed multipart bodies; for them the
 * stored files must be unchanged too.
 */
const runs = 200;
let t: TestApp;
let cookies: Record<CallerName, string | undefined>;

/** The field names the schema knows, so that generated objects hit them with wrong types. */
function fieldNames(endpoint: Endpoint): string[] {
  const shape = (endpoint.request as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** Query strings are objects of strings; malformed ones have the wrong values or fields. */
function malformedQueries(endpoint: Endpoint) {
  const names = [...fieldNames(endpoint), 'extra'];
  const value = fc.oneof(fc.string(), fc.constantFrom('', '-1', '0', '1e999', 'NaN', '../x', '%00', 'null'));
  return fc.dictionary(fc.constantFrom(...names), value);
}

function malformedObjects(endpoint: Endpoint) {
  if (endpoint.method === 'GET') return malformedQueries(endpoint);
  const names = fieldNames(endpoint);
  const value = fc.oneof(
    fc.jsonValue(),
    fc.string({ minLength: 200, maxLength: 400 }),
    fc.constantFrom(
      '',
      ' ',
      '../../etc/passwd',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '\u0000',
      '𝕆𝕜𝕦𝕦',
      -1,
      1e308,
      NaN,
    ),
  );
  const objects = names.length
    ? fc.dictionary(fc.constantFrom(...names, '__proto__', 'constructor', 'extra'), value, {
        maxKeys: names.length + 2,
      })
    : fc.dictionary(fc.string(), value);
  return fc.oneof(objects, fc.jsonValue());
}

/** Multipart fields reach the schema as texts, or lists of texts when repeated. */
function malformedForms(endpoint: Endpoint) {
  const names = [...fieldNames(endpoint), 'extra'];
  const text = fc.oneof(
    fc.string(),
    fc.string({ minLength: 200, maxLength: 400 }),
    fc.constantFrom('', ' ', '0', '-1', '1e999', 'NaN', 'null', '[]', '{}', '../../etc/passwd', "' OR 1=1 --", '𝕆𝕜𝕦𝕦'),
    fc.constant('x'.repeat(10_001)),
  );
  return fc.dictionary(fc.constantFrom(...names), fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 4 })), {
    maxKeys: names.length + 1,
  });
}

const uploads = fc.array(
  fc.record({
    name: fc.oneof(
      fc.string({ minLength: 1 }),
      fc.constantFrom('../../etc/passwd', 'a.html', '.htaccess', 'C:\\x.exe'),
    ),
    content: fc.string({ maxLength: 64 }),
  }),
  { maxLength: 2 },
);

/** Bodies that are not valid multipart/form-data, sent with a multipart content type. */
const rawForms = fc.oneof(
  fc.record({ type: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x'), body: fc.string() }),
  fc.record({
    type: fc.constant('multipart/form-data; boundary=x'),
    body: fc.constantFrom(
      '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nunterminated',
      '--x\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\ncut short',
      '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--x--',
      '--x\r\nno headers\r\n--x--',
      '--x--',
      '',
    ),
  }),
);

/**
 * A refused input is explained field by field in the rules the web app translates (messages.ts): one issue at least,
 * each with a specific rule (never the catch-all) and the params its text needs.
 */
function expectExplained(error: { message: string; issues?: ValidationIssue[] }) {
  // A body the JSON parser refuses (an own "__proto__" key) never reaches the schema: it has no fields to name.
  if (error.message === 'The request body is not valid JSON.') return;
  expect(error.issues?.length, error.message).toBeGreaterThan(0);
  for (const issue of error.issues ?? []) {
    expect(validationRuleKeys, error.message).toContain(issue.rule);
    expect(issue.rule, error.message).not.toBe('invalid');
    expect(Object.keys(issue.params ?? {}).sort(), error.message).toEqual(
      [...validationRules[issue.rule].params].sort(),
    );
  }
}

const rejected = (endpoint: Endpoint) => (input: unknown) => !endpoint.request.safeParse(input).success;

/** Raw bodies that are not JSON at all, or JSON the endpoint's schema rejects (a generated "{}" may be valid). */
const rawBodies = (endpoint: Endpoint) =>
  fc
    .oneof(
      fc.string(),
      fc.constantFrom('{', '{"login":', '[1,2', 'null', '{"__proto__":{"x":1}}', '\u0000\u0001', '{"a":1}garbage'),
    )
    .filter((body) => {
      try {
        return rejected(endpoint)(JSON.parse(body));
      } catch {
        return true;
      }
    });

/** Whether a parsed request holds a text with NUL or a whole number beyond int4 (what no column stores). */
function unstorable(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value === 'number') return Number.isInteger(value) && (value > int4.max || value < int4.min);
  if (value && typeof value === 'object') return Object.values(value).some(unstorable);
  return false;
}

/** Values that slip into any field: texts with NUL, numbers (and digit strings) just past int4, and ordinary ones. */
const edgeValue = fc.oneof(
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u0000', 'student1\u0000', 2_147_483_648, '2147483648', -2_147_483_649, '4294967296', 1e15),
  fc.constantFrom('1', 1, 'student1', 'Okuu2026!', 'all', 'true', '-1', -1),
);

/**
 * The suite for part `part` of the registry split in `parts` (one file each, so that the test workers share it); the
 * checks of the contracts themselves go with part 0.
 */
export function badInputSuite(part: number, parts: number): void {
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await signInAll(t);
  });
  afterAll(() => t.close());

  describe.each(registry.filter((_e, i) => i % parts === part).map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s',
    (_name, endpoint) => {
      const caller = allowedCaller(endpoint.access);

      it(`refuses ${runs} malformed inputs with 400 and stores nothing`, async () => {
        const before = await databaseDigest(t);
        const filesBefore = await storageDigest(t);
        const multipart = endpoint.requestKind === 'multipart';
        const generated = multipart ? malformedForms(endpoint) : malformedObjects(endpoint);
        // Some inputs cannot be malformed (a GET with no parameters accepts any query); those get the raw checks only.
        const canBeMalformed = fc.sample(generated, { numRuns: 100, seed: 1 }).some(rejected(endpoint));
        if (canBeMalformed && multipart) {
          await fc.assert(
            fc.asyncProperty(malformedForms(endpoint).filter(rejected(endpoint)), uploads, async (input, files) => {
              const res = await t.app.inject({
                method: endpoint.method,
                url: endpoint.path,
                payload: formBody(input, files),
                headers: cookies[caller] ? { cookie: cookies[caller] } : {},
              });
              expect(res.statusCode, res.body).toBe(400);
              expect(res.json()).toMatchObject({ result: 1, data: null, error: { code: 'validation' } });
              expectExplained(res.json().error);
            }),
            { numRuns: runs },
          );
        } else if (canBeMalformed) {
          await fc.assert(
            fc.asyncProperty(malformedObjects(endpoint).filter(rejected(endpoint)), async (input) => {
              const res = await t.app.inject({
                method: endpoint.method,
                url: endpoint.path,
                ...(endpoint.method === 'GET'
                  ? { query: input as Record<string, string> }
                  : { payload: JSON.stringify(input), headers: { 'content-type': 'application/json' } }),
                headers: {
                  ...(endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
                  ...(cookies[caller] ? { cookie: cookies[caller] } : {}),
                },
              });
              expect(res.statusCode, res.body).toBe(400);
              expect(res.json()).toMatchObject({ result: 1, data: null, error: { code: 'validation' } });
              expectExplained(res.json().error);
            }),
            { numRuns: runs },
          );
        }
        if (multipart) {
          await fc.assert(
            fc.asyncProperty(rawForms, async ({ type, body }) => {
              const res = await t.app.inject({
                method: endpoint.method,
                url: endpoint.path,
                payload: body,
                headers: { 'content-type': type, ...(cookies[caller] ? { cookie: cookies[caller] } : {}) },
              });
              expect(res.statusCode, res.body).toBeLessThan(500);
              expect(res.statusCode).toBeGreaterThanOrEqual(400);
              expect(res.json().result).not.toBe(0);
            }),
            { numRuns: runs },
          );
        } else if (endpoint.method === 'GET') {
          await fc.assert(
            fc.asyncProperty(fc.string(), async (query) => {
              const res = await t.app.inject({
                method: 'GET',
                url: `${endpoint.path}?${encodeURI(query).replace(/#/g, '%23')}`,
                headers: cookies[caller] ? { cookie: cookies[caller] } : {},
              });
              expect(res.statusCode, res.body).toBeLessThan(500);
            }),
            { numRuns: runs },
          );
        } else {
          await fc.assert(
            fc.asyncProperty(rawBodies(endpoint), async (body) => {
              const res = await t.app.inject({
                method: 'POST',
                url: endpoint.path,
                payload: body,
                headers: {
                  'content-type': 'application/json',
                  ...(cookies[caller] ? { cookie: cookies[caller] } : {}),
                },
              });
              expect(res.statusCode, res.body).toBeLessThan(500);
              expect(res.statusCode).toBeGreaterThanOrEqual(400);
              expect(res.json().result).not.toBe(0);
            }),
            { numRuns: runs },
          );
        }
        expect(await databaseDigest(t)).toBe(before);
        expect(await storageDigest(t)).toBe(filesBefore);
      });
    },
  );

  if (part !== 0) return;
  describe('no request reaches the database with NUL or an id beyond int4', () => {
    it('every contract carries the shared guard', () => {
      expect(registry.filter((e) => !isGuarded(e.request)).map((e) => e.id)).toEqual([]);
    });

    it.each(registry.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_name, endpoint) => {
      const names = [...fieldNames(endpoint), 'extra'];
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...names), fc.oneof(edgeValue, fc.array(edgeValue))), (input) => {
          const parsed = endpoint.request.safeParse(input);
          return !parsed.success || !unstorable(parsed.data);
        }),
        { numRuns: 300 },
      );
    });

    it('the inputs that gave 500 now give 400', async () => {
      const student = cookies.student as string;
      const calls = [
        { url: '/api/auth/orize.json', payload: { login: 'student1\u0000', password: 'x' } },
        { url: '/api/auth/recovery.json', payload: { oldlog: 'a\u0000', oldpas: 'x' } },
        {
          url: '/api/auth/updatelogin.json',
          payload: { oldlog: 'a\u0000', oldpas: 'x', newlog: 'abc', newpas: 'Abc123' },
        },
      ];
      for (const c of calls) {
        const res = await t.app.inject({ method: 'POST', ...c, remoteAddress: '127.9.9.9' });
        expect(res.statusCode, c.url).toBe(400);
        expect(res.json().error.code).toBe('validation');
      }
      const photo = await t.app.inject({ url: '/misc/photo.image?id=2147483648', headers: { cookie: student } });
      expect(photo.statusCode).toBe(400);
    });
  });
}
