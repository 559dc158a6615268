import { test as base, expect } from '@playwright/test';

interface Fixtures {
  /** Patterns of console errors a test expects (e.g. the browser logging a 4xx reply). */
  allowConsole: RegExp[];
  /** Fails the test on any console error or uncaught page error not allowed above. */
  consoleGuard: void;
  mainUrl: string;
  mainDataDir: string;
  shortUrl: string;
}

export const test = base.extend<Fixtures>({
  allowConsole: [[], { option: false }],
  consoleGuard: [
    async ({ page, allowConsole }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !allowConsole.some((re) => re.test(msg.text())))
          errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use();
      expect(errors, 'console errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
  // Addresses of the servers global setup started (plain values, no per-test work).
  mainUrl: [process.env.E2E_URL ?? '', { option: true }],
  mainDataDir: [process.env.E2E_DATA_DIR ?? '', { option: true }],
  shortUrl: [process.env.E2E_SHORT_URL ?? '', { option: true }],
});

/** The browser logs every non-2xx reply; the server answers API errors that way on purpose. */
export const HTTP_ERROR_LOG = /Failed to load resource: the server responded with a status of 4\d\d/;

export { expect };
