import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it marks the whole
 * heap again, as a percentage (`--heap-growing-percent`; 0 leaves V8's own rule).
 *
 * Why we set it (bench/history/2026-11-28.md "CPU per request"): V8 picks the factor from how fast the program
 * allocates per millisecond of running time. An API process spends most of a request waiting for PostgreSQL, so on
 * a large database (a 25-row orders page waiting 27 ms for its capped count) it looks like a slow allocator and V8
 * shrinks the factor towards 1.1: a full mark of the ~60 MB heap every ~100 requests, for a few MB of per-request
 * garbage that had outlived two scavenges. That was about a third of the API's own CPU per request. With room to
 * grow (factor 3 at 200) full collections become rare; the price is a larger heap between them, at most about
 * three times the live heap, which a server process can afford. Under heavy load V8's own rule would allow up to
 * 4×; 3× keeps memory bounded there too.
 */
export function setHeapGrowth(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0)
    throw new RangeError(`heap growth must be a whole percentage, got ${percent}`);
  // Read by V8 each time it sets the next full collection's limit, so setting it after start-up takes effect.
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
