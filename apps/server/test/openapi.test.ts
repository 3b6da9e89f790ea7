import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceChecker } from './support/openapi-conformance';
import { createTestContext, type TestContext } from './support/test-app';

type Operation = {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
};

let ctx: TestContext;
let document: { servers: unknown; paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  ctx = await createTestContext();
  document = (await ctx.as(null, { method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => ctx.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );

describe('GET /api/openapi.json', () => {
  it('names a summary, a unique operationId and a tag for every operation, and the server root', () => {
    expect(document.servers).toEqual([{ url: '/' }]);
    const incomplete = operations()
      .filter(({ operation }) => !operation.summary || !operation.operationId || !operation.tags?.length)
      .map(({ key }) => key);
    expect(incomplete).toEqual([]);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares `security: []` exactly on the public routes, and 401 on every other one', () => {
    const publicRoutes = ctx.app.apiRoutes
      .filter((route) => route.permission === 'public' && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((key) => key !== 'GET /api/openapi.json');
    const declaredPublic = operations()
      .filter(({ operation }) => Array.isArray(operation.security) && operation.security.length === 0)
      .map(({ key }) => key);
    expect(declaredPublic.sort()).toEqual(publicRoutes.sort());
    const unprotected = operations()
      .filter(({ key, operation }) => !declaredPublic.includes(key) && !operation.responses['401'])
      .map(({ key }) => key);
    expect(unprotected).toEqual([]);
  });

  it('refers every error answer to the shared error responses, with {message, errors} on 422', () => {
    const login = document.paths['/api/login']!.post!;
    expect(login.responses['422']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
    expect(login.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    const deleteShipper = document.paths['/api/shippers/{id}']!.delete!;
    for (const status of ['401', '403', '404', '409', '413', '415', '422', '500']) {
      expect(deleteShipper.responses[status], status).toHaveProperty('$ref');
    }
    expect(JSON.stringify(document)).not.toContain('"nullable"');
  });

  it('describes multipart uploads and file downloads with their media types', () => {
    const upload = document.paths['/api/products/import']!.post! as Operation & { requestBody: unknown };
    expect(upload.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { properties: { file: { type: 'string', format: 'binary' } } } } },
    });
    const exported = document.paths['/api/products/export']!.get!.responses['200'];
    expect(exported).toMatchObject({ content: { 'text/csv': { schema: { format: 'binary' } } } });
  });
});

describe('the response check every API test runs', () => {
  it('refuses a status the operation does not declare, and a body that does not match', async () => {
    const checker = conformanceChecker(ctx.app);
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/api/shippers' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(() => checker.check({ method: 'GET', url: '/api/health' }, unauthenticated)).toThrow(/does not declare/);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(() => checker.check({ method: 'GET', url: '/api/shippers/:id' }, health)).toThrow(/does not match/);
  });
});
