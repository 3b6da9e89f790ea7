import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A throwaway PostgreSQL primary and its streaming replica (scripts/pg-replica.sh). */
    replication: { primaryUrl: string; replicaUrl: string; script: string; handle: string };
  }
}

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const script = `${root}scripts/pg-replica.sh`;
const handle = `${root}.tmp/pg-replica`;

/**
 * Starts the primary and its `pg_basebackup -R` replica for the run (asynchronous: the tests pause its replay);
 * stops both after it.
 */
export default function setup(project: TestProject) {
  const primaryPort = process.env.TEST_PG_REPLICA_PRIMARY_PORT ?? '55442';
  const replicaPort = process.env.TEST_PG_REPLICA_PORT ?? '55443';
  const output = execFileSync('bash', [script, 'start', handle, primaryPort, replicaPort], { encoding: 'utf8' });
  const [primaryUrl, replicaUrl] = output.trim().split('\n');
  // script and handle: a test stops and restarts the replica's server (pg-replica.sh stop-/start-replica-server).
  project.provide('replication', { primaryUrl: primaryUrl!, replicaUrl: replicaUrl!, script, handle });
  return () => {
    execFileSync('bash', [script, 'stop', handle]);
  };
}
