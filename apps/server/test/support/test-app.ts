import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';

import { conformanceChecker, type RouteKey, trackRoutes } from './openapi-conformance';
import { assertOutboxInvariants } from './outbox-invariants';
import { testS3Env } from './s3-test-storage';
import { assertStockInvariants } from './stock-invariants';
import { openTestDatabase, type TestDatabase } from './test-database';
import { type Actor, seedWorld, type World } from './world';

export interface TestContext {
  app: FastifyInstance;
  handle: TestDatabase;
  world: World;
  /** A request as one of the world's actors (bearer token set), or anonymously with null. */
  as(actor: Actor | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
  /** For a file that breaks the invariants on purpose (stock-invariants.test.ts). */
  skipStockInvariants(): void;
}

export async function createTestContext(
  env: Partial<Record<keyof Config, string>> = {},
  dependencies: Pick<AppDependencies, 'imageFetcher' | 'fileStorage' | 'billingClock' | 'listCountCacheClock'> = {},
): Promise<TestContext> {
  const handle = await openTestDatabase();
  const world = await seedWorld(handle.db);
  // The dashboard's chart cache is off: tests change orders and read the dashboard within milliseconds (the
  // cache's own behaviour is tested with it on, dashboard.test.ts).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_MAX: '1000',
    DASHBOARD_CACHE_SECONDS: '0',
    // Nor the billing dashboard's unbilled activity (its cache is tested on, billing-dashboard-cache.test.ts).
    BILLING_DASHBOARD_CACHE_SECONDS: '0',
    // Nor does a process remember signed-in users: tests change roles, permissions and users in the database
    // directly, as another node would, and expect the next request to see it (the cache's bound is tested with it
    // on, signed-in-cache.test.ts).
    AUTH_CACHE_SECONDS: '0',
    // Nor list totals: tests write rows directly and expect the next list to count them (the cache is tested on,
    // list-totals.test.ts).
    LIST_COUNT_CACHE_SECONDS: '0',
    // No background delivery loop: webhook tests drive a dispatcher of their own with an injected clock.
    WEBHOOK_DISPATCHER: 'off',
    // Nor scheduled replenishment: tests run its rounds themselves (replenishment tests).
    REPLENISHMENT_WORKER: 'off',
    // The S3 stage (vitest.s3.config.ts) stores files in its test bucket; empty otherwise.
    ...testS3Env(),
    ...env,
  });
  // With DATABASE_READ_URL (scripts/test.sh's PostgreSQL stage), the app reads from the replica as in production.
  const app = await buildApp({
    db: handle.db,
    readDb: handle.readDb,
    config,
    logger: false,
    listen: handle.listen,
    ...dependencies,
  });
  let checkStockOnClose = true;
  const routeOf = trackRoutes(app);
  await app.ready();
  checkEveryResponseAgainstTheDocument(app, config, routeOf);
  return {
    app,
    handle,
    world,
    as(actor, options) {
      const headers = { ...(options.headers ?? {}) };
      if (actor) headers.authorization = `Bearer ${world.users[actor].token}`;
      return app.inject({ ...options, headers });
    },
    /**
     * Recounts the stock invariants first (after every test file that moves stock; cheap on the small
     * test databases, so after every file): a breach fails the file's teardown with the rows that differ.
     */
    async close() {
      try {
        if (checkStockOnClose) {
          await assertStockInvariants(handle.db);
          // Every order status change and ledger movement has its outbox event (a file that breaks the
          // stock on purpose writes rows behind the services' back, so it skips this recount too).
          await assertOutboxInvariants(handle.db);
        }
      } finally {
        await app.close();
        await handle.close();
      }
    },
    skipStockInvariants() {
      checkStockOnClose = false;
    },
  };
}

/**
 * Every `app.inject` of the API tests (through `as()` or directly) checks its answer against the OpenAPI document:
 * an undeclared status, content type or body shape fails the test that received it.
 */
function checkEveryResponseAgainstTheDocument(
  app: FastifyInstance,
  config: Config,
  routeOf: (response: LightMyRequestResponse) => RouteKey | undefined,
): void {
  const checker = conformanceChecker(app, config);
  const inject = app.inject.bind(app);
  const checkedInject = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const route = routeOf(response);
    if (route) checker.check(route, response);
    return response;
  };
  app.inject = checkedInject as FastifyInstance['inject'];
}
