import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../../src/db/client';
import type { TestContext } from '../../test/support/test-app';
import type { Actor, World } from '../../test/support/world';

export interface HttpAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  json(): unknown;
}

/** One request through real HTTP, as a world actor (bearer token) or anonymously. */
export async function request(
  base: string,
  world: World,
  actor: Actor | null,
  options: { method: string; url: string; payload?: unknown; headers?: Record<string, string> },
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (actor) headers.authorization = `Bearer ${world.users[actor].token}`;
  if (options.payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${options.url}`, {
    method: options.method,
    headers,
    body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
  });
  const body = await response.text();
  return {
    statusCode: response.status,
    body,
    headers: Object.fromEntries(response.headers),
    json: () => JSON.parse(body),
  };
}

/**
 * The shape the API tests' helpers (test/support/catalogue.ts, orders.ts) take, answered by a server process
 * over HTTP instead of `app.inject`, with the test's own connection to the same database for direct checks.
 */
export function httpContext(base: string, handle: DatabaseHandle, world: World): TestContext {
  return {
    handle,
    world,
    as: (actor, options: InjectOptions) =>
      request(base, world, actor, {
        method: String(options.method ?? 'GET'),
        url: String(options.url),
        payload: options.payload,
      }) as unknown as Promise<LightMyRequestResponse>,
    app: undefined as never,
    close: async () => {},
    skipStockInvariants: () => {},
  };
}
