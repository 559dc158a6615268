import { vi } from 'vitest';

/*
 * Test helpers of this folder: no call leaves the test. jsdom's XMLHttpRequest would reach
 * whatever listens on its page's origin (a server another suite started); the stand-in fails
 * every request as a dropped connection, which the widgets show as they would (a trend on live
 * values alone, an alarm list that could not load).
 */

class OfflineXhr {
  readyState = 0;
  status = 0;
  responseText = '';
  response = null;
  timeout = 0;
  withCredentials = false;
  onerror: ((e: unknown) => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  upload = { addEventListener: () => undefined };
  open() {
    this.readyState = 1;
  }
  setRequestHeader() {}
  getAllResponseHeaders() {
    return '';
  }
  addEventListener() {}
  abort() {
    this.onabort?.();
  }
  send() {
    setTimeout(() => {
      this.readyState = 4;
      this.onerror?.(new ProgressEvent('error'));
    }, 0);
  }
}

/** Every XMLHttpRequest fails as a network error (undone by vi.unstubAllGlobals). */
export function stubOfflineNetwork(): void {
  vi.stubGlobal('XMLHttpRequest', OfflineXhr);
}
