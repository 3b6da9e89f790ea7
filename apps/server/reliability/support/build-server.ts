import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory of the compiled server (main.js) every reliability test starts its processes from. */
    serverBundle: string;
  }
}

/** Compiles the production server once for the run: the processes under test are what `npm start` runs. */
export default async function setup(project: TestProject) {
  const outdir = fileURLToPath(new URL(`../../.tmp/reliability-${process.pid}`, import.meta.url));
  const build = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));
  await promisify(execFile)(process.execPath, [build, '--outdir', outdir]);
  project.provide('serverBundle', outdir);
  return () => rm(outdir, { recursive: true, force: true });
}
