import { vi } from 'vitest';

/**
 * The layout APIs jsdom lacks and antd reads (media queries for breakpoints, ResizeObserver for
 * tables, selects and tabs). Component tests call it before rendering; `vi.unstubAllGlobals()`
 * undoes it.
 */
export function stubLayoutApis(matches = false): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
