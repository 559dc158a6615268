import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // Integration suites own real ports, files and databases: run files one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'simulator', root: 'apps/simulator', environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'web', root: 'apps/web', environment: 'jsdom' } },
    ],
  },
});
