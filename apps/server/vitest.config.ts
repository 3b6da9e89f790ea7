import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Each file opens its own database copy; two workers match this machine's two cores.
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs file after file in one process and imports the app once: with isolation each of the ~140 files
    // imported it again (≈ 3 s each, 450 s of the PGlite stage's CPU; 53 s without). Every file builds its own app on
    // its own database copy, so nothing of a file's state is shared but modules; a file that changes the process
    // (environment variables, timers) puts it back in its afterAll/afterEach.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Off unless asked for (`--coverage`, as the PGlite stage of scripts/test.sh does): a one-line summary per
    // metric, no HTML, so it costs little on a shared machine.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/db/migrations/**', 'src/db/seed/**'],
      reporter: ['text-summary'],
      reportsDirectory: '../../.tmp/coverage/server',
    },
  },
});
