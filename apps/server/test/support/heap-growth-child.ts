/**
 * Run by heap-growth.test.ts in its own process (`node --expose-gc --import tsx`): sets the heap growth from argv,
 * collects fully once (so the next limit is the live heap × the factor), then keeps 1 MB arrays until the heap holds
 * five times what it held, and prints how many full (major) collections that took.
 */
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { setHeapGrowth } from '../../src/runtime/heap-growth';

const percent = Number(process.argv[2]);
if (percent >= 0) setHeapGrowth(percent);
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');

const kept: number[][] = [];
// A base worth marking: 30 MB live before the first full collection sets the limit.
for (let i = 0; i < 30; i++) kept.push(new Array(131_072).fill(i));
collect();
const majorStarts: number[] = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
    if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorStarts.push(entry.startTime);
  }
});
observer.observe({ entryTypes: ['gc'] });
const target = getHeapStatistics().used_heap_size * 5;
while (getHeapStatistics().used_heap_size < target) kept.push(new Array(131_072).fill(kept.length));
// Only collections that started while the heap grew: newer V8s (Node 24) may finish an incremental mark begun near
// the end afterwards, whatever the limit.
const grown = performance.now();
// Entries are delivered on a later turn of the event loop; 100 ms is long after them and far before V8's idle-time
// memory reducer could start a collection of its own.
setTimeout(() => {
  observer.disconnect();
  console.log(JSON.stringify({ majors: majorStarts.filter((start) => start < grown).length, kept: kept.length }));
}, 100);
