/**
 * The floor screens on a handheld: largest contentful paint (LCP) of each screen in Debian's Chromium at 390 px with
 * 4× CPU throttling (`Emulation.setCPUThrottlingRate`, a handheld-class CPU) on a cold cache (a fresh browser
 * context per load: no HTTP cache, no memory cache), signed in as the demo manager with the warehouse selected, as a
 * handheld used before keeps them (FIRST_VISIT=1: no warehouse selected yet).
 *
 *   npm run build -w @wms/web
 *   node --import tsx bench/floor-lcp.ts          # ROUNDS=5 PORT=4331 CPU_THROTTLE=4 CHROMIUM_PATH=/usr/bin/chromium
 *   BASE_URL=http://127.0.0.1:3000 node --import tsx bench/floor-lcp.ts   # a server already running (demo data)
 *
 * Without BASE_URL it starts the server (`apps/server/src/main.ts`, serving apps/web/dist) on a fresh embedded
 * database with the demo data, and stops it at the end. Prints per screen the median and max LCP, the first
 * contentful paint, the JavaScript transferred and the LCP element (tag and text), with the machine's load average
 * before and after.
 * Screens are `SCREENS` below (move, count, putaway, the picking start page): one entry each, its path or how to find
 * one from the API.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright';
import { desktopChromium } from '../e2e/fixtures/browsers';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CPU_THROTTLE = Number(process.env.CPU_THROTTLE ?? 4);
const PORT = Number(process.env.PORT ?? 4331);
const VIEWPORT = { width: 390, height: 844 };
/** LCP is final once no larger paint came for this long after the screen's heading showed. */
const LCP_QUIET_MS = 1500;

interface Api {
  get<T>(path: string): Promise<T>;
}

/** A floor screen: its path, found through the API when it needs a record (null: nothing to show, skipped). */
interface Screen {
  name: string;
  path: (api: Api) => Promise<string | null>;
}

const firstId = async (api: Api, path: string) => (await api.get<{ data: { id: number }[] }>(path)).data[0]?.id;

export const SCREENS: Screen[] = [
  { name: 'move (scan a location)', path: async () => '/moves/scan' },
  {
    name: 'count (a cycle count)',
    path: async (api) => {
      const id = await firstId(api, '/cycle-counts?per_page=1');
      return id ? `/cycle-counts/${id}` : '/cycle-counts';
    },
  },
  {
    name: 'putaway (a pending shipment to verify)',
    path: async (api) => {
      const id =
        (await firstId(api, '/shipments?per_page=1&status=pending')) ?? (await firstId(api, '/shipments?per_page=1'));
      return id ? `/shipments/${id}` : null;
    },
  },
  // The handheld's picking start page: Get work, the waves to pick and the units to put back.
  { name: 'pick (start: get work)', path: async () => '/picking' },
];

const root = resolve(import.meta.dirname, '..');
const base = process.env.BASE_URL ?? `http://127.0.0.1:${PORT}`;

/** The first start migrates and loads the demo data: minutes on a loaded machine (SERVER_START_SECONDS). */
const SERVER_START_MS = Number(process.env.SERVER_START_SECONDS ?? 600) * 1000;

async function startServer(started: { server?: ChildProcess; dataDir?: string }): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wms-floor-lcp-'));
  started.dataDir = dataDir;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.server = server;
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the server did not answer /api/health within ${SERVER_START_MS / 1000} s`);
}

async function signIn(): Promise<{ token: string; user: unknown; warehouse: unknown; api: Api }> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: process.env.AS ?? 'manager@example.com', password: 'Password123!' }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  const api: Api = {
    async get(path) {
      const answer = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
      return answer.json() as never;
    },
  };
  // The warehouse the header selects for this user (the first active one), as a handheld used before keeps it.
  const warehouses = await api.get<{ data: { is_active: boolean }[] }>('/warehouses?per_page=100');
  const warehouse = warehouses.data.find((candidate) => candidate.is_active) ?? null;
  return { token, user, warehouse, api };
}

/**
 * The LCP entries' last start time once they stop growing (ms after navigation start), the FCP, and the bytes of
 * JavaScript transferred (compressed, as received). As a string:
 * tsx compiles this file keeping function names (`__name(…)`), which the page does not have.
 */
const paints = (page: Page, quietMs: number) =>
  page.evaluate(`new Promise((done) => {
    let lcp = 0;
    let element = '';
    const finish = () => done({
      lcp,
      element,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      scriptBytes: performance.getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .reduce((sum, r) => sum + r.transferSize, 0),
    });
    let timer = setTimeout(finish, ${quietMs});
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.startTime < lcp) continue;
        lcp = entry.startTime;
        const node = entry.element;
        element = node ? node.tagName.toLowerCase() + ' "' + (node.textContent || '').trim().slice(0, 40) + '"' : '(removed)';
      }
      clearTimeout(timer);
      timer = setTimeout(finish, ${quietMs});
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  })`) as Promise<{ lcp: number; element: string; fcp: number; scriptBytes: number }>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const started: { server?: ChildProcess; dataDir?: string } = {};
try {
  if (!process.env.BASE_URL) await startServer(started);
  const loadBefore = loadavg()[0]!;
  const { token, user, warehouse, api } = await signIn();
  // The desktop browser, as a handheld runs (not the tests' headless shell), with the tests' launch flags.
  const browser = await chromium.launch(desktopChromium);
  const rows: Record<string, string | number>[] = [];
  for (const screen of SCREENS) {
    const path = await screen.path(api);
    if (!path) {
      console.error(`${screen.name}: nothing to show in this database, skipped`);
      continue;
    }
    const lcps: number[] = [];
    const fcps: number[] = [];
    let scriptBytes = 0;
    const elements = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      // A fresh context per load: an empty HTTP cache (cold), the session set before the app's scripts run — as
      // on a handheld signed in before, its warehouse selected (FIRST_VISIT=1: none yet, the header selects one
      // once the warehouses have loaded, and the picking start page shows "Choose your warehouse" until then).
      const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, baseURL: base });
      const selected = process.env.FIRST_VISIT
        ? ''
        : `localStorage.setItem('selectedWarehouse', ${JSON.stringify(JSON.stringify(warehouse))});`;
      await context.addInitScript({
        content: `localStorage.setItem('token', ${JSON.stringify(token)});
          localStorage.setItem('user', ${JSON.stringify(JSON.stringify(user))});${selected}`,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
      await page.goto(path, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
      const { lcp, element, fcp, scriptBytes: bytes } = await paints(page, LCP_QUIET_MS);
      elements.add(element);
      lcps.push(lcp);
      fcps.push(fcp);
      scriptBytes = bytes;
      await context.close();
    }
    const row = {
      screen: screen.name,
      path,
      'LCP median (ms)': Math.round(median(lcps)),
      'LCP max (ms)': Math.round(Math.max(...lcps)),
      'FCP median (ms)': Math.round(median(fcps)),
      'JS transferred (KB)': Math.round(scriptBytes / 1000),
      'LCP element': [...elements].join(' / '),
    };
    rows.push(row);
    console.error(JSON.stringify({ ...row, lcps: lcps.map(Math.round) }));
  }
  await browser.close();
  const loadAfter = loadavg()[0]!;
  const columns = Object.keys(rows[0] ?? {});
  console.log(
    `\n${new Date().toISOString()}, ${VIEWPORT.width} px, CPU ×${CPU_THROTTLE}, cold cache, ${ROUNDS} loads per screen, ` +
      `load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}\n`,
  );
  console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${columns.map((c) => row[c]).join(' | ')} |`);
} finally {
  const { server, dataDir } = started;
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
