// Startup figures for the README: the compiled bundle (`npm start`) against tsx (`npm run dev` without --watch),
// on an existing embedded database. Usage: `node scripts/measure-startup.mjs [runs]` (builds dist/ first).
// - module load: a start with an invalid PORT, which exits right after every import is evaluated;
// - startup: process start until GET /api/health answers 200; memory: the resident set size at that moment.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const port = Number(process.env.MEASURE_PORT ?? 3199);
const dataDir = mkdtempSync(join(tmpdir(), 'wms-startup-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: String(port), NODE_OPTIONS: '' };
const variants = {
  compiled: ['--enable-source-maps', 'dist/main.js'],
  tsx: ['--import', 'tsx', 'src/main.ts'],
};

execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The invalid PORT makes the process exit (code 1, on purpose) once every import has been evaluated. */
function moduleLoad(args) {
  const started = performance.now();
  try {
    execFileSync(process.execPath, args, { cwd: serverDir, env: { ...env, PORT: 'not-a-port' }, stdio: 'ignore' });
  } catch {}
  return performance.now() - started;
}

async function timeStartup(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: serverDir, env, stdio: 'ignore' });
  for (;;) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await sleep(10);
  }
  const ms = performance.now() - started;
  const rssKb = Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { ms, rssMb: rssKb / 1024 };
}

try {
  await timeStartup(variants.compiled); // first start: creates, migrates and seeds the embedded database
  console.log(`Node ${process.version}, ${runs} runs each, medians, existing embedded database:`);
  for (const [name, args] of Object.entries(variants)) {
    const loads = [];
    const starts = [];
    for (let i = 0; i < runs; i++) {
      loads.push(moduleLoad(args));
      starts.push(await timeStartup(args));
    }
    const load = Math.round(median(loads));
    const start = Math.round(median(starts.map((s) => s.ms)));
    const rss = Math.round(median(starts.map((s) => s.rssMb)));
    console.log(`  ${name.padEnd(9)} module load ${load} ms, start to first healthy answer ${start} ms, RSS ${rss} MB`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
