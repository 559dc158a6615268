import { afterAll, vi } from 'vitest';

/*
 * Setup of the `web` test project, whose files share one module graph and one jsdom per worker
 * (vitest.config.ts): after each file, put back what a file may leave behind so that the next
 * one starts as it would in a fresh jsdom. Module state (i18next, query caches) is each file's
 * own to set up in its beforeAll/beforeEach, as it already is. Files that ask for the node
 * environment (`@vitest-environment node`) have no document.
 */
const startUrl = typeof window === 'undefined' ? '' : window.location.href;

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof window === 'undefined') return;
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  document.body.removeAttribute('class');
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-theme');
  localStorage.clear();
  sessionStorage.clear();
  if (window.location.href !== startUrl) window.history.replaceState(null, '', startUrl);
});
