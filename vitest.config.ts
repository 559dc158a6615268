import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The web test files that replace modules (`vi.mock`/`vi.doMock`): they need a module graph of
 * their own. Every other web file shares one module graph and one jsdom per worker (the
 * `web` project, `isolate: false`): re-importing antd and re-building jsdom for each of ~90 files
 * was two thirds of the web project's time (docs/ci-time.md). Found by reading the files, so a
 * new test that mocks lands in `web-mocks` by itself.
 */
const webRoot = 'apps/web';
const webDir = fileURLToPath(new URL(`${webRoot}/`, import.meta.url));
const webMockFiles = ['src', 'scripts']
  .flatMap((dir) =>
    readdirSync(join(webDir, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
  )
  .map((f) => f.split('\\').join('/'))
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(join(webDir, f), 'utf8')));

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on the 2-core CI machine,
    // whose main process mostly waits. Every core (docs/ci-time.md: the unit phase 161 s -> 109 s).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // Two files at a time: a file mostly waits (sockets, brokers, timers), so one at a time
          // left the two cores idle 60 % of the time (docs/ci-time.md). Every suite takes free
          // ports, its own data directory and its own PostgreSQL schema, and device serial
          // numbers are random, so suites side by side do not meet. Two, not more: the timing
          // bounds of a few suites (live-flood's health check) are set for a loaded 2-core box.
          maxWorkers: 2,
          // ...each worker in one module graph: each file starts its own server (the composition
          // root builds everything per app, no module keeps state, nothing is vi.mock'ed), so
          // re-importing the server for each of ~120 files only cost time (135 s of 447 s).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'simulator', root: 'apps/simulator', environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'web',
          root: webRoot,
          environment: 'jsdom',
          exclude: ['**/node_modules/**', ...webMockFiles],
          // One module graph and one jsdom per worker; the setup file puts back, after each file,
          // what a file may leave behind in them (mounted roots, storage, timers, stubs).
          isolate: false,
          setupFiles: ['./src/test-setup/act-environment.ts', './src/test-setup/shared-graph.ts'],
          // antd's motion and notice timers fire after a test's act() and React warns then, a
          // late console line; one that lands as a worker closes failed a whole green run
          // ("Closing rpc while onUserConsoleLog was pending"). Lines go straight to stderr.
          disableConsoleIntercept: true,
        },
      },
      {
        test: {
          name: 'web-mocks',
          root: webRoot,
          environment: 'jsdom',
          include: webMockFiles,
          setupFiles: ['./src/test-setup/act-environment.ts'],
          disableConsoleIntercept: true,
        },
      },
    ],
  },
});
