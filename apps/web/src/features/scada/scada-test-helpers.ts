import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import terms from '@hmi/domain/i18n/terms.en-us.json';
import scada from '../../i18n/en-us/scada.json';

/*
 * Test helpers of this folder: the widgets' texts (initScadaI18n), and no call leaves the test. jsdom's XMLHttpRequest would reach
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

/** The scada and terms texts in en-us, as the widgets read them (a test file's beforeAll). */
export async function initScadaI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { scada, terms } },
    interpolation: { escapeValue: false },
  });
}
