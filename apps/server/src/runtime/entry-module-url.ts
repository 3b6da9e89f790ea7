/**
 * Where a module that runs on its own (a worker thread's entry) is: beside its caller in the sources, run by tsx
 * (`sourceUrl`, e.g. `new URL('./parse-worker.ts', import.meta.url)`), or beside main.js in the compiled bundle,
 * where scripts/build.mjs writes each entry of its ENTRY_POINTS as dist/<name>.js. This module is bundled into
 * main.js, so its own import.meta.url tells which of the two is running.
 */
export function entryModuleUrl(name: string, sourceUrl: URL): URL {
  return import.meta.url.endsWith('.ts') ? sourceUrl : new URL(`./${name}.js`, import.meta.url);
}
