import { defineConfig } from 'vitest/config';

/**
 * The read-replica stage of scripts/test.sh: a real PostgreSQL primary and a streaming replica of it
 * (scripts/pg-replica.sh, `pg_basebackup -R`) started by the global setup, and the API with DATABASE_READ_URL.
 */
export default defineConfig({
  test: {
    include: ['replica/**/*.test.ts'],
    globalSetup: ['replica/support/replica-global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
