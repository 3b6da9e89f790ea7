import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { setHeapGrowth } from '../src/runtime/heap-growth';

const CHILD = fileURLToPath(new URL('./support/heap-growth-child.ts', import.meta.url));

/** Full collections while the heap grows to five times its live size, in a fresh process with the given growth. */
async function fullCollectionsWhileGrowing(percent: number): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--expose-gc',
    '--import',
    'tsx',
    CHILD,
    String(percent),
  ]);
  return (JSON.parse(stdout.trim()) as { majors: number }).majors;
}

describe('heap growth (HEAP_GROWING_PERCENT)', () => {
  it('sets the limit the next full collection waits for, after start-up', async () => {
    // Factor 1.1 (10 %): growing to five times the live heap passes the limit (Node 20: 3-4 times, Node 24: 1-2).
    expect(await fullCollectionsWhileGrowing(10)).toBeGreaterThan(0);
    // Factor 6 (500 %): the same growth fits under the limit the first collection set.
    expect(await fullCollectionsWhileGrowing(500)).toBe(0);
  });

  it('refuses a growth that is not a whole non-negative percentage', () => {
    expect(() => setHeapGrowth(-1)).toThrow(RangeError);
    expect(() => setHeapGrowth(1.5)).toThrow(RangeError);
  });
});
