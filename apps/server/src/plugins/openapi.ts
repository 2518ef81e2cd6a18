import type { Endpoint } from '@okuu/contracts/endpoint';
import { apiError, errorStatus } from '@okuu/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentHeaders } from '../lib/security-headers.ts';

/** The contracts are zod/mini schemas: typed by zod's core, which the classic and the mini API share. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

/** The error object of the envelope: the contract's, its code one of errorStatus's. */
const errorSchema = jsonSchema(apiError, 'output') as { properties: Record<string, unknown> };
const errorProperties = { ...errorSchema.properties, code: { enum: Object.keys(errorStatus) } };

/** The header by which a retried create is one create (endpoints marked `idempotent`). */
const idempotencyKeyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'New for each request (a UUID, 1 to 200 visible characters): a retry with the same key gets the first reply and ' +
    'creates nothing more; reused for another request, or while the first runs, it gets 409 idempotency_conflict.',
  schema: { type: 'string', minLength: 1, maxLength: 200 },
};

/** The OpenAPI 3.1 document, generated from the registry. */
export function openApiDocument(registry: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of registry) {
    const input = jsonSchema(e.request, 'input');
    const operation: Record<string, unknown> = {
      operationId: e.id,
      summary: e.summary,
      tags: [e.id.split('.')[0]],
      'x-access': e.access,
      security: e.access === 'public' ? [] : [{ cookieToken: [] }],
      responses: {
        200:
          e.replyKind === 'file'
            ? { description: 'The file', content: { 'application/octet-stream': {} } }
            : {
                description: 'Success envelope; `data` has this shape',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        result: { const: 0 },
                        error: { type: 'null' },
                        data: jsonSchema(e.response, 'output'),
                      },
                    },
                  },
                },
              },
        default: {
          description: 'Error envelope',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    };
    const parameters: Record<string, unknown>[] = [];
    if (e.idempotent) parameters.push(idempotencyKeyHeader);
    if (e.requestKind === 'query') {
      const props = (input as { properties?: Record<string, unknown> }).properties ?? {};
      parameters.push(...Object.entries(props).map(([name, schema]) => ({ name, in: 'query', schema })));
    } else {
      const type = e.requestKind === 'multipart' ? 'multipart/form-data' : 'application/json';
      operation.requestBody = { content: { [type]: { schema: input } } };
    }
    if (parameters.length > 0) operation.parameters = parameters;
    paths[e.path] = { ...paths[e.path], [e.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Okuu API',
      version: '1',
      description: 'The university portal API. Every JSON reply is {result, error, data}.',
    },
    paths,
    components: {
      securitySchemes: { cookieToken: { type: 'apiKey', in: 'cookie', name: 'token' } },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          properties: {
            result: { type: 'integer', minimum: 1 },
            error: { ...errorSchema, properties: errorProperties },
            data: {},
          },
        },
      },
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A readable page listing every endpoint with its access level and request and reply shapes. */
function docsPage(registry: readonly Endpoint[]): string {
  const areas = new Map<string, Endpoint[]>();
  for (const e of registry) {
    const area = e.id.split('.')[0] ?? 'other';
    areas.set(area, [...(areas.get(area) ?? []), e]);
  }
  const section = ([area, list]: [string, Endpoint[]]) => `
<h2 id="${escapeHtml(area)}">${escapeHtml(area)}</h2>
${list
  .map(
    (e) => `<article>
  <h3><span class="m">${e.method}</span> <code>${escapeHtml(e.path)}</code> <span class="a">${e.access}</span></h3>
  <p>${escapeHtml(e.summary)}</p>
  <details><summary>Request (${e.requestKind})</summary><pre>${escapeHtml(JSON.stringify(jsonSchema(e.request, 'input'), null, 2))}</pre></details>
  ${e.replyKind === 'file' ? '<p>Replies with a file.</p>' : `<details><summary>Reply data</summary><pre>${escapeHtml(JSON.stringify(jsonSchema(e.response, 'output'), null, 2))}</pre></details>`}
</article>`,
  )
  .join('\n')}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Okuu API</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1b2230}
h1{color:#4967a3}h3{font-size:1rem;margin:.2rem 0}article{border-top:1px solid #dde;padding:.6rem 0}
.m{background:#4967a3;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8rem}.a{color:#5a6b8c;font-size:.85rem;font-weight:normal}
pre{background:#f4f6fa;padding:.6rem;overflow:auto;font-size:.8rem}nav a{margin-right:.8rem}
</style></head><body><h1>Okuu API</h1>
<p>Every JSON reply is <code>{result, error, data}</code>: <code>result</code> 0 and <code>error</code> null on success; otherwise
<code>error: {code, message}</code> with a fitting HTTP status; the message is English, and <code>params</code> (some codes) and
<code>issues</code> (refused input: <code>{path, rule, params}</code> per field) let a client say it in its reader's language. Signed-in calls carry the HttpOnly <code>token</code> cookie set by sign-in.
The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<p>Real time: the chat's WebSocket, <code>GET /api/chat/ws</code> (not listed below), authenticated by the same cookie. It
pushes JSON events <code>ready</code>, <code>message</code>, <code>read</code>, <code>delete</code> and answers
<code>{"type":"ping"}</code> with <code>pong</code>; code 4401 closes it when the session ends. The protocol and its zod
schema: <code>packages/contracts/src/chat/events.ts</code>.</p>
<nav>${[...areas.keys()].map((a) => `<a href="#${escapeHtml(a)}">${escapeHtml(a)}</a>`).join('')}</nav>
${[...areas.entries()].map(section).join('\n')}
</body></html>`;
}

export function registerApiDocs(app: FastifyInstance, registry: readonly Endpoint[]) {
  let doc: string | undefined;
  let page: string | undefined;
  app.get('/api/openapi.json', (_req, reply) => {
    doc ??= JSON.stringify(openApiDocument(registry));
    return reply.type('application/json; charset=utf-8').send(doc);
  });
  app.get('/api/docs', (_req, reply) => {
    page ??= docsPage(registry);
    return reply.headers(documentHeaders).type('text/html; charset=utf-8').send(page);
  });
}
