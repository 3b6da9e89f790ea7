/*
 * The metrics module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { createMetricsRegistry, type PoolUsage, recordRequestDurations } from './metrics-registry';
