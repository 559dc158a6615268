import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's old headless shell (package chromium-headless-shell, which .ci/run installs) when it
 * is there: it is the build Playwright itself runs headless, and it needs about a third less CPU
 * than the full browser in its new headless mode (docs/ci-time.md). Else Debian's chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Browser tests of the built console (npm run test:e2e builds apps/web first) against the real
 * server with a fresh database; global setup starts it. System Chromium only: no download.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // One retry in CI only: the list reporter still names a test that needed it as flaky, and a
  // test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    // A trace records a screenshot of every frame and a DOM snapshot of every step: on this
    // 2-core machine that doubled the whole suite's time (docs/ci-time.md). In CI a failed test
    // runs again with a full trace; locally a failure keeps a trace without the frames.
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
