import { defineConfig } from 'vitest/config';

/**
 * Reliability tests (scripts/test.sh stage after the PostgreSQL API stage): compiled API processes started as
 * child processes, raced and killed. One file at a time: each file already runs several processes.
 */
export default defineConfig({
  test: {
    include: ['reliability/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts', 'reliability/support/build-server.ts'],
    pool: 'forks',
    fileParallelism: false,
    // About a minute in all on an idle machine; the limits leave room for a heavily loaded one.
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
