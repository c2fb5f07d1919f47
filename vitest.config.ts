import { defineConfig } from 'vitest/config';

// expect.poll gives up after 1 s by default: a page or a job on a loaded 2-core CI machine can take longer,
// and a poll that waits for something that never comes still fails, only later
const poll = { timeout: 15_000, interval: 100 };

export default defineConfig({
  test: {
    projects: [
      // projects with different worker counts run in their own groups, one group after another
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll },
          globalSetup: ['test/global-setup.ts'],
          // each file has its own database copy and free ports, so two run side by side; the files of a worker
          // share one module graph (the server's sources loaded once, decision 0168) and file-setup.ts resets
          // what a process keeps for its one database
          isolate: false,
          setupFiles: ['test/file-setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          expect: { poll },
          // each file starts its own server on its own database copy and ports, and launches its own
          // browser: two run side by side (much of a browser test is waiting on the page or a clock)
          maxWorkers: 2,
          globalSetup: ['support/global-setup.ts'],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
