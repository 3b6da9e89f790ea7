import { SERVER_MESSAGES } from '@wms/contract/messages';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { isDocumentedClientError } from './support/error-shape';
import { orderWithStock } from './support/orders';
import { announced, shippedOrder } from './support/returns';
import { createTestContext } from './support/test-app';
import type { Actor } from './support/world';

/**
 * Every operation in /api/openapi.json, called anonymously, as a client and as an admin, with malformed path ids,
 * queries and bodies. Pass: no 5xx, and every 4xx body in the documented shape ({message} or {message, errors}).
 * Routes come from the document, so a route added later is fuzzed without touching this file.
 */
const ctx = await createTestContext({ LOGIN_RATE_LIMIT_MAX: '100000' });
afterAll(async () => ctx.close());

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  jsonBody: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
  paths: Record<string, Record<string, OpenApiOperation>>;
};
// The live stream (GET /api/live) never ends when it succeeds, so inject cannot read it: it has no input to fuzz,
// and its refusals are tested over real HTTP in live-stream.test.ts.
const isLiveStream = (path: string) => path === '/api/live';
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(isLiveStream(path) ? {} : methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
    queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    bodyFields: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    jsonBody: op.requestBody?.content?.['application/json'] !== undefined,
  })),
);

/** Ids that must be refused (or simply not found), never overflow or be read as another number. */
const HOSTILE_IDS = [
  '2147483648',
  '99999999999999999999',
  '0',
  '-1',
  '0x10',
  '1e3',
  '%201',
  '01',
  '%00',
  'x'.repeat(300),
];
/** Syntactically valid but (almost certainly) absent: lets body and query checks run without touching real rows. */
const ABSENT_ID = '2147483647';
const MEGABYTE_STRING = 'x'.repeat(1_000_000);

const HOSTILE_QUERY_VALUES = [
  '2147483648',
  '-1',
  '1e3',
  '%00',
  '%ED%A0%80', // a UTF-8-encoded lone surrogate
  '%25_%5C', // LIKE wildcards and escape
  'x'.repeat(5000),
  "'%3B drop table users%3B--",
];

/** Values for one body field: wrong types, out-of-range numbers, hostile text, nulls, arrays, objects. */
const HOSTILE_FIELD_VALUES: unknown[] = [
  2147483648,
  1e308,
  -1,
  'a\u0000b',
  '\ud800x',
  'x'.repeat(10_000),
  null,
  true,
  [],
  Array.from({ length: 2000 }, (_, i) => i + 1),
  [2147483648, '\u0000'],
  { nested: { deeper: '\u0000' } },
];

const fillPath = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

/**
 * How deep each caller goes. Anonymous callers are turned away before validation on most routes; a client gets the
 * malformed paths, queries and raw bodies (their 403s and scope checks differ from an admin's); the admin, who
 * passes every permission check, also gets every hostile value in every body field.
 */
type Depth = 'paths' | 'requests' | 'fields';

function casesFor(op: Operation, depth: Depth): { name: string; request: InjectOptions }[] {
  const method = op.method as InjectOptions['method'];
  const base = fillPath(op.path, ABSENT_ID);
  const cases: { name: string; request: InjectOptions }[] = [];
  const add = (name: string, request: InjectOptions) => cases.push({ name, request: { method, ...request } });

  for (const id of op.pathParams.length ? HOSTILE_IDS : [])
    add(`path ${id.slice(0, 20)}`, { url: fillPath(op.path, id) });
  add('absent id or plain call', { url: base });
  if (depth === 'paths') return cases;

  for (const param of op.queryParams) {
    for (const value of HOSTILE_QUERY_VALUES)
      add(`query ${param}=${value.slice(0, 20)}`, { url: `${base}?${param}=${value}` });
    add(`query ${param} twice`, { url: `${base}?${param}=1&${param}=2` });
  }
  if (op.method === 'GET' || op.method === 'DELETE') return cases;

  const json = (payload: unknown) => ({
    url: base,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  for (const field of depth === 'fields' ? op.bodyFields : []) {
    for (const value of HOSTILE_FIELD_VALUES)
      add(`body ${field}=${JSON.stringify(value).slice(0, 30)}`, json({ [field]: value }));
  }
  const firstField = op.bodyFields[0] ?? 'name';
  add('body 1 MB string', json({ [firstField]: MEGABYTE_STRING }));
  add('body over the size limit', json({ [firstField]: `${MEGABYTE_STRING}${MEGABYTE_STRING}` }));
  add('body unknown fields', json({ zzz_unknown: 1, __proto__: { polluted: true }, constructor: 'x' }));
  add('body every field null', json(Object.fromEntries(op.bodyFields.map((f) => [f, null]))));
  for (const payload of ['null', '[]', '"text"', '42', '{"a":', '{"a":"\\ud800"}', '{"\\u0000":1}', '']) {
    add(`raw JSON ${payload || '(empty)'}`, { url: base, payload, headers: { 'content-type': 'application/json' } });
  }
  add('wrong content type', { url: base, payload: 'name=x', headers: { 'content-type': 'text/plain' } });
  add('form encoded', {
    url: base,
    payload: 'name=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  if (!op.jsonBody) {
    // Uploads (multipart) and body-less commands.
    const boundary = 'fuzz-boundary';
    const part = (name: string, filename: string, content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${content}\r\n`;
    const multipart = (payload: string, contentType = `multipart/form-data; boundary=${boundary}`) => ({
      url: base,
      payload,
      headers: { 'content-type': contentType },
    });
    const whole = `${part('file', 'a.csv', 'SKU,Product Name\nA,B\n')}--${boundary}--\r\n`;
    add('multipart without boundary', multipart(whole, 'multipart/form-data'));
    add('multipart wrong boundary', multipart(whole, 'multipart/form-data; boundary=other'));
    add('multipart truncated', multipart(whole.slice(0, whole.length - 20)));
    add('multipart empty', multipart(''));
    add('multipart empty file name', multipart(`${part('file', '', 'x')}--${boundary}--\r\n`));
    add('multipart NUL in file name', multipart(`${part('image', 'a\u0000.png', 'x')}--${boundary}--\r\n`));
    add(
      'multipart NUL in field',
      multipart(
        `--${boundary}\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n1\u0000\r\n--${boundary}--\r\n`,
      ),
    );
  }
  return cases;
}

const ACTORS: [Actor | null, Depth][] = [
  [null, 'paths'],
  ['client', 'requests'],
  ['admin', 'fields'],
];

describe('fuzzing every operation of /api/openapi.json', () => {
  it('finds the operations in the document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', async (_name, op) => {
    const failures: string[] = [];
    for (const [actor, depth] of ACTORS) {
      for (const { name, request } of casesFor(op, depth)) {
        const response = await ctx.as(actor, request);
        const who = actor ?? 'anonymous';
        if (response.statusCode >= 500) {
          failures.push(`${who} ${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        } else if (response.statusCode >= 400) {
          let body: unknown;
          try {
            body = JSON.parse(response.body);
          } catch {
            body = undefined;
          }
          if (!isDocumentedClientError(body)) {
            failures.push(`${who} ${name}: ${response.statusCode} undocumented body ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Malformed multipart reached the parser only past a route's scope check, so the cases above
 * (absent ids) never got there on `POST /orders/{id}/labels`, and two upload routes answered 500 while the others
 * answered 400; 50 files in one upload answered the library's "reach files limit". Here every multipart route of
 * the document gets real path ids, as an admin, so the body is parsed: `realIds` holds a real row for each kind of
 * path id (a new kind fails the test until it is added), made before the fuzzing above signs the client out.
 */
const draft = await ctx.as('admin', {
  method: 'POST',
  url: '/api/bulk-order-drafts',
  payload: {
    account_id: ctx.world.accounts.clientActive,
    warehouse_id: ctx.world.warehouses.alpha,
    title: 'Fuzz draft',
    draft_data: { orders: [] },
  },
});
const realIds: Record<string, number> = {
  orders: (await orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha)).id,
  'bulk-order-drafts': (draft.json() as { data: { id: number } }).data.id,
  warehouses: ctx.world.warehouses.alpha,
  accounts: ctx.world.accounts.clientActive,
  returns: (await announced(ctx, await shippedOrder(ctx, { quantity: 1 }), 1, 'admin')).id,
};

describe('malformed multipart on every upload route of /api/openapi.json', () => {
  const uploads = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'] !== undefined)
      .map(([method]) => ({ method: method.toUpperCase() as InjectOptions['method'], path })),
  );
  function realPath(path: string): string {
    let filled = path;
    for (const match of path.matchAll(/\/([^/]+)\/\{[^}]+\}/g)) {
      const id = realIds[match[1]!];
      if (id === undefined) throw new Error(`${path}: add a real id for "${match[1]}" to realIds`);
      filled = filled.replace(match[0], `/${match[1]}/${id}`);
    }
    return filled;
  }

  const boundary = 'fuzz-boundary';
  const filePart = (i: number) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file${i}"; filename="f${i}.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n%PDF-1.4 ${'x'.repeat(200)}\r\n`;
  const whole = `${filePart(0)}--${boundary}--\r\n`;
  const cases: { name: string; contentType: string; payload: string; message?: string }[] = [
    { name: 'no boundary', contentType: 'multipart/form-data', payload: whole },
    { name: 'truncated part', contentType: `multipart/form-data; boundary=${boundary}`, payload: whole.slice(0, 120) },
    {
      name: '50 files',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: `${Array.from({ length: 50 }, (_, i) => filePart(i)).join('')}--${boundary}--\r\n`,
      message: SERVER_MESSAGES.uploadTooManyFiles,
    },
  ];

  it('finds the upload routes', () => {
    expect(uploads.map((u) => u.path)).toEqual(
      expect.arrayContaining(['/api/orders/{id}/labels', '/api/merge-items', '/api/uploadImage']),
    );
  });

  it.each(uploads.map((u) => [`${u.method} ${u.path}`, u] as const))('%s', async (_name, upload) => {
    const url = realPath(upload.path);
    const failures: string[] = [];
    for (const { name, contentType, payload, message } of cases) {
      const response = await ctx.as('admin', {
        method: upload.method,
        url,
        payload,
        headers: { 'content-type': contentType },
      });
      const body = response.json() as { message?: string };
      const wrong =
        response.statusCode < 400 ||
        response.statusCode >= 500 ||
        !isDocumentedClientError(body) ||
        // A route that reads only its first file (the avatar) answers about that file instead.
        (message !== undefined && response.statusCode === 413 && body.message !== message) ||
        /reach .* limit|boundary|unexpected end/i.test(body.message ?? '');
      if (wrong) failures.push(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});
