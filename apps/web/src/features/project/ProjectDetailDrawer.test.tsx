import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ErrorCode, errorMessages, terms, type ProjectDetail } from '@hmi/domain';
import project from '../../i18n/en-us/project.json';
import { ApiError } from '../../shared/http/http-errors.ts';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { ProjectDetailDrawer } from './ProjectDetailDrawer.tsx';

/*
 * A project's detail: its devices with their online state (one outside the user's data
 * permissions shows as hidden and stays), its screens with version and last edit, opened running
 * or in the designer; taking out a device a screen binds shows 1091 with the screens to change;
 * a locked project keeps Open and turns the changes off.
 */
const detail = vi.hoisted(() => ({ current: undefined as unknown }));
const api = vi.hoisted(() => ({ setDevices: vi.fn(), screenDelete: vi.fn(), screenAdd: vi.fn() }));
vi.mock('./use-projects.ts', () => ({
  useProjectDetail: () => ({ data: detail.current, isPending: false, isError: false }),
}));
vi.mock('./project.api.ts', () => ({ projectApi: api, projectKeys: { all: ['project'] } }));
vi.mock('./recipe.api.ts', () => ({
  recipeApi: { list: () => Promise.resolve({ list: [], max: 100 }) },
  recipeKeys: { list: (id: number) => ['project', 'recipes', id] },
}));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn(), toasts: { error: vi.fn() } }));

const stored = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  id: 7,
  name: 'Line_A',
  description: 'Bottling line',
  device_count: 3,
  screen_count: 2,
  created_at: Date.UTC(2026, 0, 1),
  updated_at: Date.UTC(2026, 0, 2),
  locked: false,
  devices: [
    { id: 11, name: 'Filler', online: 1, visible: true },
    { id: 12, name: 'Capper', online: 0, visible: true },
    { id: 13, name: '', online: 0, visible: false },
  ],
  screens: [
    { id: 3, name: 'Overview', version: 4, updated_at: new Date(2026, 1, 3, 9, 15).getTime() },
    { id: 5, name: 'Alarms', version: 1, updated_at: new Date(2026, 1, 4, 10, 0).getTime() },
  ],
  ...over,
});

let root: Root;
let host: HTMLDivElement;
const $ = (id: string, scope: ParentNode = document) =>
  scope.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string, scope: ParentNode = document) => [
  ...scope.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`),
];
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

async function mount(canEdit = true) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProjectDetailDrawer
            projectId={7}
            canEdit={canEdit}
            onEdit={() => undefined}
            onClose={() => undefined}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await settle();
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: {
      'en-us': {
        project,
        errors: errorMessages['en-us'],
        terms: terms['en-us'],
        common: { save: 'Save', cancel: 'Cancel' },
      },
    },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  stubLayoutApis();
  detail.current = stored();
  api.setDevices.mockReset();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('ProjectDetailDrawer', { timeout: 30_000 }, () => {
  it('lists the devices with their online state and a hidden one without name or actions', async () => {
    await mount();
    const devices = all('project-device');
    expect(devices.map((d) => d.textContent)).toEqual(['FillerOnline', 'CapperOffline', ' Hidden device']);
    expect($('device-link', devices[0])!.getAttribute('href')).toContain('id=11');
    expect(all('project-device-remove', devices[2])).toHaveLength(0);
    expect(all('project-device-remove')).toHaveLength(2);
  });

  it('lists the screens with version and last edit, opened running or in the designer', async () => {
    await mount();
    const [overview] = all('project-screen');
    expect(overview!.textContent).toContain('Overview');
    expect(overview!.textContent).toContain('Version 4 · last edit 2026-02-03 09:15:00');
    expect($('project-screen-open', overview)!.getAttribute('href')).toBe('#/scada?project=7&screen=3');
    expect($('project-screen-design', overview)!.getAttribute('href')).toBe(
      '#/device/projectlist/designer?screen=3',
    );
  });

  it('shows a 1091 with the screens that still bind the device', async () => {
    api.setDevices.mockRejectedValue(
      new ApiError(
        ErrorCode.E1091_DEVICE_IN_CONFIGURATION,
        'in use',
        { where: [{ device_id: 11, project_id: 7, project: 'Line_A', screens: ['Overview', 'Alarms'] }] },
        false,
      ),
    );
    await mount();
    await act(async () => all('project-device-remove')[0]!.click());
    await settle();
    await act(async () => $('device-remove-confirm')!.click());
    await settle();
    // Only the visible devices are sent: the server keeps the hidden one.
    expect(api.setDevices.mock.calls[0]![0]).toEqual({ id: 7, device_ids: [12] });
    const error = $('project-device-error')!;
    expect(error.textContent).toContain(errorMessages['en-us']['1091']);
    expect($('project-references', error)!.textContent).toBe(
      'Filler is bound by screens Overview, Alarms of project Line_A.',
    );
  });

  it('keeps Open on a locked project and turns the changes off', async () => {
    detail.current = stored({ locked: true });
    await mount();
    expect($('project-locked-notice')).not.toBeNull();
    expect($('project-screen-add')!.hasAttribute('disabled')).toBe(true);
    expect($('project-detail-edit')!.hasAttribute('disabled')).toBe(true);
    expect(all('project-device-remove').every((b) => b.hasAttribute('disabled'))).toBe(true);
    const [overview] = all('project-screen');
    expect($('project-screen-design', overview)!.hasAttribute('href')).toBe(false);
    expect($('project-screen-open', overview)!.getAttribute('href')).toBe('#/scada?project=7&screen=3');
  });

  it('without edit (42) shows the screens to open and nothing to change', async () => {
    await mount(false);
    expect($('project-screen-add')).toBeNull();
    expect(all('project-screen-design')).toHaveLength(0);
    expect(all('project-device-remove')).toHaveLength(0);
    expect(all('project-screen-open')).toHaveLength(2);
  });

  it('shows the project recipes below the screens', async () => {
    await mount();
    const sections = [...document.querySelectorAll('.project-section')].map((s) =>
      s.getAttribute('data-testid'),
    );
    expect(sections).toEqual([
      'project-devices-list',
      'project-screens',
      'project-recipes',
      'project-shares',
    ]);
    expect($('project-recipes')!.textContent).toContain('Recipes (0)');
  });
});
