import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What node-postgres' Pool exposes about its connections (a structural type: tests pass a plain object). */
export interface PoolUsage {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The webhook outbox's backlog, read at scrape time (the webhooks module's outbox-depth repository). */
export type OutboxDepthReader = () => Promise<{ pendingDeliveries: number; waitingEvents: number }>;

/** Label of an unmatched request: raw URLs never become labels (one series per probed path would grow forever). */
export const UNMATCHED_ROUTE = 'unmatched';

let processMetrics: Registry | undefined;

/**
 * The process's default metrics (memory, CPU, event loop lag, GC), collected once per process: prom-client starts an
 * event-loop-delay monitor and a GC observer on every call and never stops them, so one call per app left a monitor
 * sampling and a registry held per app built — in a test worker, one per test file (its set-up time doubled over a
 * run).
 */
function processMetricsRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * One registry per app (not prom-client's global one): tests build many apps in one process, and a global
 * registry refuses a metric registered twice. Holds the process's default metrics (shared by every app of the
 * process), the request duration histogram and, for PostgreSQL, each pool's connections.
 */
export function createMetricsRegistry(
  pools: Record<string, PoolUsage> = {},
  readOutboxDepth?: OutboxDepthReader,
): Registry {
  const registry = Registry.merge([processMetricsRegistry()]);
  const poolGauge = (name: string, help: string, read: (pool: PoolUsage) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers: [registry],
      // Read at scrape time: the pool keeps the counts, nothing to update per query.
      collect() {
        for (const [pool, usage] of Object.entries(pools)) this.set({ pool }, read(usage));
      },
    });
  poolGauge('db_pool_connections', 'Open connections in the database pool', (p) => p.totalCount);
  poolGauge('db_pool_idle_connections', 'Idle connections in the database pool', (p) => p.idleCount);
  poolGauge('db_pool_waiting_requests', 'Queries waiting for a free pool connection', (p) => p.waitingCount);
  if (readOutboxDepth) registerOutboxDepth(registry, readOutboxDepth);
  return registry;
}

/**
 * The outbox depth as two gauges: a growing `webhook_outbox_pending_deliveries` means receivers fail or the
 * dispatchers fall behind; a growing `webhook_outbox_waiting_events` means no dispatcher runs. The counts are the
 * database's, so every node reports the same figure (alert on one node's series, or on max()).
 */
function registerOutboxDepth(registry: Registry, read: OutboxDepthReader): void {
  // One read per scrape, shared by both gauges (prom-client collects them one after the other).
  let current: ReturnType<OutboxDepthReader> | undefined;
  const depth = () => {
    current ??= read().finally(() => setImmediate(() => (current = undefined)));
    return current;
  };
  new Gauge({
    name: 'webhook_outbox_pending_deliveries',
    help: 'Webhook deliveries not yet delivered (due or waiting for a retry)',
    registers: [registry],
    async collect() {
      this.set((await depth()).pendingDeliveries);
    },
  });
  new Gauge({
    name: 'webhook_outbox_waiting_events',
    help: 'Webhook outbox events not yet fanned out to their subscriptions',
    registers: [registry],
    async collect() {
      this.set((await depth()).waitingEvents);
    },
  });
}

/** Times every request by its route pattern (/api/orders/:id, not /api/orders/42), method and status. */
export function recordRequestDurations(app: FastifyInstance, registry: Registry): void {
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // A request no route matched (a 404 from the router) has the catch-all pattern or none.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    histogram.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
