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
          // ...in one module graph: each file starts its own server (the composition root builds
          // everything per app, no module keeps state, nothing is vi.mock'ed), so re-importing
          // the server for each of ~120 files only cost time (135 s of 447 s; docs/ci-time.md).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'simulator', root: 'apps/simulator', environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'web', root: 'apps/web', environment: 'jsdom' } },
    ],
  },
});
