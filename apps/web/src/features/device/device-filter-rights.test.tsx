import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { GroupPaths, Perm, TemplatePaths, type UserProfile } from '@hmi/domain';
import { sessionKeys } from '../../shared/session/session-keys.ts';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { parseListParams } from './device-list-params.ts';
import { DeviceFilterBar } from './DeviceFilterBar.tsx';

/*
 * Issue 24, item 4: the device list's filters ask only for what the user may see. A member
 * without group view (13) or template view (8) gets no group or template filter, and the list
 * of groups or templates is never asked for (the server would refuse it with a toast).
 */
const get = vi.hoisted(() => vi.fn(async () => ({ list: [], total: 0, max: 0 })));
vi.mock('../../shared/http/http.ts', () => ({ http: { get, post: vi.fn(), request: vi.fn() } }));

let root: Root;
let host: HTMLDivElement;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-us', resources: {} });
});
beforeEach(() => {
  stubLayoutApis();
  get.mockClear();
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

async function render(permissions: number[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.userInfo, { permissions, is_main: false } as unknown as UserProfile);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <DeviceFilterBar
          params={parseListParams(new URLSearchParams())}
          onChange={() => undefined}
          compact={false}
        />
      </QueryClientProvider>,
    ),
  );
  await act(() => new Promise((r) => setTimeout(r, 20)));
}

const shown = (id: string) => document.querySelectorAll(`[data-testid="${id}"]`).length > 0;
const asked = () => get.mock.calls.map((c) => (c as unknown[])[0]);

describe('device list filters and the user’s rights', () => {
  it('device view only: no group or template filter, neither list asked for', async () => {
    await render([Perm.DeviceView]);
    expect(shown('filter-group')).toBe(false);
    expect(shown('filter-template')).toBe(false);
    expect(shown('filter-label')).toBe(true);
    expect(asked()).not.toContain(GroupPaths.list);
    expect(asked()).not.toContain(TemplatePaths.list);
  });

  it('with group and template view both filters show and load their lists', async () => {
    await render([Perm.DeviceView, Perm.GroupView, Perm.TemplateView]);
    expect(shown('filter-group')).toBe(true);
    expect(shown('filter-template')).toBe(true);
    expect(asked()).toContain(GroupPaths.list);
    expect(asked()).toContain(TemplatePaths.list);
  });
});
