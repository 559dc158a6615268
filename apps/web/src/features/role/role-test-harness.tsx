import { act, type ReactNode } from 'react';
import { vi } from 'vitest';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorMessages, validationMessages } from '@hmi/domain';
import role from '../../i18n/en-us/role.json';
import common from '../../i18n/en-us/common.json';

/* Test support of the role components: English texts, a query client, jsdom's missing pieces. */

let root: Root | undefined;
let host: HTMLDivElement | undefined;

export async function initTexts() {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: {
      'en-us': { role, common, errors: errorMessages['en-us'], validation: validationMessages['en-us'] },
    },
    interpolation: { escapeValue: false },
  });
}

export function browserStubs() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // antd's breakpoints ask the browser's media queries; jsdom has none.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
  // antd's tabs and tables measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

export async function mount(node: ReactNode): Promise<QueryClient> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const r = root;
  await act(async () => r.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
  return client;
}

export async function unmount() {
  const r = root;
  if (r) await act(async () => r.unmount());
  host?.remove();
  root = undefined;
  host = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
}

export const byTestId = <E extends HTMLElement = HTMLElement>(id: string) =>
  document.querySelector<E>(`[data-testid="${id}"]`);

export async function click(el: Element | null | undefined) {
  if (!el) throw new Error('nothing to click');
  await act(async () => (el as HTMLElement).click());
}

export async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The checkbox of a tree node whose title carries `testId`. */
export const treeCheckbox = (testId: string) =>
  byTestId(testId)?.closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox');

/** Answers GET calls by path; an unknown path fails the test loudly. */
export function answerGets(
  replies: Record<string, unknown | ((params: Record<string, unknown>) => unknown)>,
) {
  return async (url: string, config?: { params?: Record<string, unknown> }) => {
    if (!(url in replies)) throw new Error(`unexpected GET ${url}`);
    const reply = replies[url];
    return typeof reply === 'function'
      ? (reply as (p: Record<string, unknown>) => unknown)(config?.params ?? {})
      : reply;
  };
}
