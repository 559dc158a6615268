import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Perm, type WebhookEndpoint, type WebhookListReply } from '@hmi/domain';
import { WebhooksPage } from './WebhooksPage.tsx';
import webhook from '../../i18n/en-us/webhook.json';
import common from '../../i18n/en-us/common.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';

/* The webhook screen: usage, status of each endpoint, manage actions only with manage (50). */
const list = vi.hoisted(() => vi.fn());
vi.mock('../../features/webhook/webhook.api.ts', () => ({
  webhookApi: { list },
  webhookKeys: {
    all: ['webhook'],
    list: ['webhook', 'list'],
    deliveries: (id: number, page: number, size: number) => ['webhook', 'deliveries', id, page, size],
  },
}));
const granted = vi.hoisted(() => new Set<number>());
vi.mock('../../shared/session/use-permission.ts', () => ({
  usePermission: () => (rule: number) => granted.has(rule),
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));

let root: Root;
let host: HTMLDivElement;
const byTestId = <T extends HTMLElement>(id: string) => host.querySelector<T>(`[data-testid="${id}"]`);
const endpoint = (id: number, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  name: `Hook${id}`,
  url: `https://hooks.example.com/${id}`,
  format: 'json',
  events: ['alarm.raised'],
  enabled: true,
  paused_at: null,
  consecutive_failures: 0,
  secret_hint: 'abcd',
  created_at: 0,
  updated_at: 0,
  ...over,
});

async function render(reply: WebhookListReply) {
  list.mockResolvedValue(reply);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <WebhooksPage />
      </QueryClientProvider>,
    ),
  );
  await vi.waitFor(() => expect(byTestId('webhook-usage')!.textContent).toContain('of'));
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { webhook, common } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
  granted.clear();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('WebhooksPage', { timeout: 20_000 }, () => {
  it('with view only (49): the list and its log, no add, test, edit or delete', async () => {
    granted.add(Perm.IntegrationView);
    await render({
      max: 20,
      list: [endpoint(1), endpoint(2, { enabled: false }), endpoint(3, { paused_at: 1 })],
    });
    expect(byTestId('webhook-usage')!.textContent).toBe('3 of 20 endpoints');
    const table = byTestId('webhook-table')!.textContent;
    expect(table).toContain('Enabled');
    expect(table).toContain('Disabled');
    expect(table).toContain('Paused');
    expect(byTestId('webhook-log-1')).not.toBeNull();
    expect(byTestId('webhook-add')).toBeNull();
    expect(byTestId('webhook-test-1')).toBeNull();
    expect(byTestId('webhook-edit-1')).toBeNull();
    expect(byTestId('webhook-delete-1')).toBeNull();
  });

  it('with manage (50): add, off at the maximum, and the row actions', async () => {
    granted.add(Perm.IntegrationView).add(Perm.IntegrationManage);
    await render({ max: 2, list: [endpoint(1), endpoint(2)] });
    expect(byTestId<HTMLButtonElement>('webhook-add')!.disabled).toBe(true);
    expect(byTestId('webhook-test-1')).not.toBeNull();
    expect(byTestId('webhook-edit-1')).not.toBeNull();
    expect(byTestId('webhook-delete-1')).not.toBeNull();
  });
});
