/**
 * autocannon in its own process. A load generator inside the server's process shares its one event loop: every
 * response autocannon parses, and every request body it builds, is CPU the server under test does not get (on a
 * 10 KB products page, about as much as the app's own work). Real clients are other machines; here they are at
 * least another process. The parent (`startLoadGenerator`) forks this file and sends it one run at a time; the
 * child answers every response time, so the parent computes p50/p95 from all of them as before.
 *
 * A request body that must be fresh per request (the bulk create's external ids) cannot cross the process
 * boundary as a function: the run names a recipe (`bodies`) and the child builds the bodies itself.
 */
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { bulkBody, importUpload, type Tenant } from './write-scenarios';

/** How the child builds each request's body: none (a GET), a fresh bulk create, or one of `files` import files. */
export type Bodies =
  | { kind: 'none' }
  | { kind: 'bulk'; tenants: Tenant[]; prefix: string }
  | { kind: 'import'; tenant: Tenant; prefix: string; files: number };

export interface LoadRun {
  url: string;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  connections: number;
  duration: number;
  bodies: Bodies;
}

export interface LoadResult {
  /** Every response's time (ms), in the order they came. */
  times: number[];
  non2xx: number;
  /** Wall time of the run (s): `duration`, or as long as a fixed number of requests (the import's files) took. */
  seconds: number;
  /** Requests autocannon asked a body for (the import: more than its files means repeats). */
  sent: number;
}

type Body = { body: Buffer; contentType: string };

/** One autocannon instance of a run: its connections and, when bodies are fresh, its request factory. */
interface Instance {
  connections: number;
  next?: () => Body;
  amount?: number;
}

/**
 * The autocannon instances of a run (built in the child). A bulk create runs one single-connection instance per
 * tenant: each connection is one client writing its own account's orders, as each replaying worker of the sql and
 * bare ways does — with one shared instance, a request went to whichever connection was free and two in flight
 * could reserve the same account's stock rows, waiting on each other's locks.
 */
function instancesOf(bodies: Bodies, connections: number): Instance[] {
  if (bodies.kind === 'none') return [{ connections }];
  if (bodies.kind === 'bulk') {
    return Array.from({ length: connections }, (_, c) => {
      let i = 0;
      const tenant = bodies.tenants[c % bodies.tenants.length]!;
      return {
        connections: 1,
        next: () => ({
          body: Buffer.from(bulkBody(tenant, `${bodies.prefix}-${c}-${i++}`)),
          contentType: 'application/json',
        }),
      };
    });
  }
  // Import files take about a second each to build: all of them before the clock starts, each posted once.
  const files = Array.from({ length: bodies.files }, (_, i) => importUpload(bodies.tenant, `${bodies.prefix}-${i}`));
  let i = 0;
  return [{ connections, next: () => files[i++ % files.length]!, amount: files.length }];
}

/** One autocannon instance: every response time into `times`; answers its count of non-2xx answers. */
function runInstance(run: LoadRun, instance: Instance, times: number[], onSent: () => void): Promise<number> {
  const { next, amount } = instance;
  const requests: autocannon.Request[] | undefined = next
    ? [
        {
          setupRequest: (request) => {
            onSent();
            const { body, contentType } = next();
            return { ...request, method: run.method, body, headers: { ...run.headers, 'content-type': contentType } };
          },
        },
      ]
    : undefined;
  return new Promise<number>((done, fail) => {
    const cannon = autocannon(
      {
        url: run.url,
        connections: instance.connections,
        duration: run.duration,
        headers: run.headers,
        method: run.method ?? 'GET',
        ...(amount ? { amount } : {}),
        ...(requests ? { requests } : {}),
      },
      (error, result) => (error ? fail(error) : done(result.non2xx)),
    );
    cannon.on('response', (_client, _status, _bytes, time) => times.push(time));
  });
}

/** One run of autocannon in this process (the child's work; LOAD_IN_PROCESS=1 runs it in the server's). */
export async function loadInProcess(run: LoadRun): Promise<LoadResult> {
  const instances = instancesOf(run.bodies, run.connections);
  const times: number[] = [];
  let sent = 0;
  const started = performance.now();
  const non2xx = await Promise.all(instances.map((instance) => runInstance(run, instance, times, () => sent++)));
  const seconds = instances.some((instance) => instance.amount) ? (performance.now() - started) / 1000 : run.duration;
  return { times, non2xx: non2xx.reduce((a, b) => a + b, 0), seconds, sent };
}

/** Forks the load generator; `load` runs one measurement in it at a time, `close` ends it. */
export async function startLoadGenerator(): Promise<{
  load: (run: LoadRun) => Promise<LoadResult>;
  close: () => void;
}> {
  const child = fork(import.meta.filename, ['--child'], { execArgv: ['--import', 'tsx'] });
  await new Promise<void>((ready, fail) => {
    child.once('message', () => ready());
    child.once('error', fail);
  });
  return {
    load: (run) =>
      new Promise((done, fail) => {
        child.once('message', (answer: { result?: LoadResult; error?: string }) =>
          answer.result ? done(answer.result) : fail(new Error(answer.error)),
        );
        child.send(run);
      }),
    close: () => child.kill(),
  };
}

if (process.argv.includes('--child') && process.send) {
  process.on('message', (run: LoadRun) => {
    loadInProcess(run).then(
      (result) => process.send!({ result }),
      (error: Error) => process.send!({ error: error.stack ?? String(error) }),
    );
  });
  process.send('ready');
}
