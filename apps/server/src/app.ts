import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPlugin } from './auth/plugin';
import { SignedInCache } from './auth/signed-in-cache';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Listen } from './db/listen';
import { setListCountCap, setSearchCountCap } from './db/paging';
import { ReadRouting } from './db/read-routing';
import type { FileStorage } from './files/file-storage';
import { storageFromConfig } from './files/storage-from-config';
import { errorHandler } from './http/error-handler';
import { ListCountCache, reuseListTotals } from './http/list-count-cache';
import { openApiOptions } from './http/openapi/route-documentation';
import { useReadRouting } from './http/read-routing-hooks';
import { redactedError } from './http/redacted-error';
import { responseSerializerCompiler } from './http/response-serializer';
import { createImageFetcher, type ImageFetcher } from './http/safe-fetch';
import { securityHeadersOf } from './http/security-headers';
import { refuseUnstorableText } from './http/storable-text-guard';
import { registerWebApp } from './http/web-app';
import { billingGroupRoutes } from './modules/billing/billing-group-routes';
import { catalogueRoutes } from './modules/catalogue/catalogue-routes';
import { floorRoutes } from './modules/floor/floor-routes';
import { runReplenishmentWorker } from './modules/floor/replenishment/replenishment-api';
import { inboundRoutes } from './modules/inbound/inbound-routes';
import { idempotencyPlugin } from './modules/integrations/idempotency/idempotency-api';
import { integrationsRoutes } from './modules/integrations/integrations-routes';
import { LiveHub } from './modules/integrations/live/live-api';
import { readOutboxDepth, runWebhookDispatcher } from './modules/integrations/webhooks/webhooks-api';
import { outboundRoutes } from './modules/outbound/outbound-routes';
import { createMetricsRegistry, type PoolUsage, recordRequestDurations } from './modules/platform/metrics/metrics-api';
import { runEmailSender } from './modules/platform/notifications/notifications-api';
import { platformRoutes } from './modules/platform/platform-routes';
import { loadOwnUserView } from './modules/platform/users/users-api';
import { serviceRoutes } from './modules/service/service-routes';

export interface AppDependencies {
  db: Database;
  config: Config;
  /** false for no logs (tests); a stream to capture them; default stdout. */
  logger?: false | { stream: NodeJS.WritableStream };
  /** Image download for product-import photo checks; default: the SSRF-guarded fetcher (tests inject their own). */
  imageFetcher?: ImageFetcher;
  /** Where uploaded files go; default: FILE_STORAGE's choice (a local directory under DATA_DIR/files, or S3). */
  fileStorage?: FileStorage;
  /** PostgreSQL pools whose connection counts /api/metrics publishes, by name (PGlite has none). */
  databasePools?: Record<string, PoolUsage>;
  /** DATABASE_READ_URL's database: replica reads go to it (db/read-routing.ts); absent, everything uses `db`. */
  readDb?: Database;
  /** The read routing's clock (default Date.now): tests move it on to the replica's next reachability check. */
  readRoutingNow?: () => number;
  /** LISTEN/NOTIFY on `db` (DatabaseHandle.listen) for the live stream; absent, GET /api/live answers 503. */
  listen?: Listen;
  /** The signed-in cache's clock (AUTH_CACHE_SECONDS), in ms; tests move it instead of waiting. Default Date.now. */
  authCacheClock?: () => number;
  /** The list totals' cache clock (LIST_COUNT_CACHE_SECONDS), in ms; tests move it instead of waiting. */
  listCountCacheClock?: () => number;
  /** The billing clock (the current month of running charges and of the billing dashboard); default now. */
  billingClock?: () => Date;
}

/** The largest upload any route accepts (product and order imports: 10 MB); routes set lower caps of their own. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to us (proxy-addr's rule). */
const trustProxyOption = (setting: Config['TRUST_PROXY']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp({
  db,
  config,
  logger,
  imageFetcher,
  fileStorage,
  databasePools,
  readDb,
  readRoutingNow,
  listen,
  authCacheClock,
  listCountCacheClock,
  billingClock,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // Bearer tokens and passwords never reach the logs.
            redact: ['req.headers.authorization', '*.password', '*.password_confirmation', '*.token'],
            // Errors are logged without the parameters of a failed statement (they held password hashes).
            serializers: { err: redactedError, error: redactedError },
            ...(logger ? { stream: logger.stream } : {}),
          },
    bodyLimit: 1024 * 1024,
    // The router's own refusals (a malformed URL, a path parameter over 100 characters) in the documented shape.
    frameworkErrors: (error, _request, reply) =>
      (reply as unknown as FastifyReply).status(error.statusCode ?? 400).send({
        message: error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The URL is too long.' : 'The URL is not valid.',
      }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.setErrorHandler(errorHandler);
  const metrics = createMetricsRegistry(databasePools, () => readOutboxDepth(db));
  recordRequestDurations(app, metrics);

  const securityHeaders = securityHeadersOf({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        // No inline scripts anywhere: the built app loads only files (Vite emits none inline) and Swagger UI's page
        // (/api/docs) loads its scripts as files too, so one policy serves both. 'wasm-unsafe-eval'
        // lets the camera scanner compile its bundled WebAssembly barcode reader; it allows no JavaScript eval.
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        // Added per request below, only over https: on a plain-http LAN install it would break every asset.
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol !== 'https') return;
    reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const policy = reply.getHeader('Content-Security-Policy');
    if (typeof policy === 'string' && !policy.includes('upgrade-insecure-requests')) {
      reply.header('Content-Security-Policy', `${policy};upgrade-insecure-requests`);
    }
  });
  // API answers above 1 KB go out brotli- or gzip-compressed when the client accepts it (brotli at quality 4: fast
  // enough per request). The web app's files are compressed once at build time and served as they are. Answers up
  // to 256 KB (a 100-row orders page is ~95 KB) are compressed in one synchronous call (≈ 0.15 ms of CPU for a
  // 25-row page) instead of through a zlib stream, whose setup and threadpool hops cost several times that
  // (docs/decisions/cpu-per-request.md); the plugin's default switches to streams above 8 KB on two cores. Larger
  // answers (exports) still stream.
  await app.register(compress, { threshold: 1024, syncThreshold: 256 * 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, { global: false });
  // Uploads (avatars, imports, labels): one file per request; each route checks its own size cap and real type.
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 20 } });
  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  setListCountCap(config.LIST_COUNT_CAP);
  setSearchCountCap(config.SEARCH_COUNT_CAP);
  const tokenPolicy = { idleMinutes: config.TOKEN_IDLE_MINUTES, absoluteHours: config.TOKEN_ABSOLUTE_HOURS };
  await app.register(authPlugin, {
    db,
    tokenPolicy,
    loadUser: loadOwnUserView,
    apiKeyRateLimit: { max: config.API_KEY_RATE_LIMIT, timeWindow: '1 minute' },
    signedInCache: new SignedInCache(config.AUTH_CACHE_SECONDS * 1000, 10_000, authCacheClock),
  });
  await app.register(idempotencyPlugin, { db });

  const storage = fileStorage ?? (await storageFromConfig(config));
  // The live stream: one database listener per process, started when the server is ready; its streams end
  // before the server closes (preClose), or open streams would hold the close forever.
  const liveHub = listen
    ? new LiveHub(listen, config.LIVE_MAX_STREAMS_PER_USER, (err) => app.log.warn({ err }, 'live listener'))
    : undefined;
  if (liveHub) {
    app.addHook('onReady', () => liveHub.start());
    app.addHook('preClose', () => liveHub.stop());
  }
  const routing = readDb
    ? new ReadRouting({
        primary: db,
        replica: readDb,
        warn: (message, err) => app.log.warn({ err }, message),
        now: readRoutingNow,
      })
    : undefined;
  // The routes' `db`: with a replica, a stand-in resolving to the database chosen for each request.
  const routesDb = routing?.db ?? db;
  reuseListTotals(
    app,
    routesDb,
    new ListCountCache(config.LIST_COUNT_CACHE_SECONDS * 1000, 5_000, listCountCacheClock),
  );
  await app.register(
    async (api) => {
      if (routing) useReadRouting(api, routing);
      const db = routesDb;
      api.addHook('preValidation', refuseUnstorableText);
      api.get('/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () => app.swagger());
      // One plugin per domain group (modules/<group>/); each registers its modules' routes.
      await api.register(platformRoutes, { db, config, storage, metrics });
      await api.register(catalogueRoutes, {
        db,
        storage,
        fetchImage: imageFetcher ?? createImageFetcher(),
        maxImportBytes: MAX_UPLOAD_BYTES,
      });
      await api.register(floorRoutes, { db, maxImportBytes: MAX_UPLOAD_BYTES });
      await api.register(inboundRoutes, { db });
      await api.register(outboundRoutes, { db, storage, config });
      await api.register(billingGroupRoutes, { db, config, now: billingClock });
      await api.register(integrationsRoutes, { db, config, liveHub });
      await api.register(serviceRoutes, { db, config });
    },
    { prefix: '/api' },
  );

  if (config.WEBHOOK_DISPATCHER === 'on') runWebhookDispatcher(app, db, config);
  if (config.REPLENISHMENT_WORKER === 'on') runReplenishmentWorker(app, db, config.REPLENISHMENT_INTERVAL_SECONDS);
  runEmailSender(app, db, config);
  await registerWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  return app;
}
