import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ErrorCode, errorMessages, validationMessages, type ProjectDetail } from '@hmi/domain';
import project from '../../i18n/en-us/project.json';
import history from '../../i18n/en-us/history.json';
import { ApiError } from '../../shared/http/http-errors.ts';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { ProjectEditorDrawer } from './ProjectEditorDrawer.tsx';

/*
 * The project editor: the name is required and at most 64 characters (no call before), a taken
 * name (1092) shows under the name, a 1091 from the device set lists the screens that still bind
 * the device, and a locked project opens read-only.
 */
const detail = vi.hoisted(() => ({ current: undefined as unknown }));
const calls = vi.hoisted(() => ({ add: vi.fn(), save: vi.fn() }));
vi.mock('./use-projects.ts', () => ({
  useProjectDetail: (id: number | undefined) => ({
    data: id === undefined ? undefined : detail.current,
    isPending: false,
    isError: false,
  }),
}));
vi.mock('./use-project-mutations.ts', () => ({
  useAddProject: () => ({ mutate: calls.add, isPending: false }),
  useSaveProject: () => ({ mutate: calls.save, isPending: false }),
}));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn(), toasts: { error: vi.fn() } }));

const stored = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  id: 7,
  name: 'Line_A',
  description: 'Bottling',
  device_count: 2,
  screen_count: 1,
  created_at: 1,
  updated_at: 2,
  locked: false,
  devices: [
    { id: 11, name: 'Filler', online: 1, visible: true },
    { id: 12, name: '', online: 0, visible: false },
  ],
  screens: [{ id: 3, name: 'Overview', version: 4, updated_at: 2 }],
  ...over,
});

let root: Root;
let host: HTMLDivElement;
const $ = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
const nameError = () =>
  $('project-name')!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';

async function mount(target: number | 'new') {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <ProjectEditorDrawer target={target} canEdit onClose={() => undefined} />
      </QueryClientProvider>,
    ),
  );
  await settle();
}
async function type(input: HTMLElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function save() {
  await act(async () => $('project-save')!.click());
  await settle();
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: {
      'en-us': {
        project,
        history,
        errors: errorMessages['en-us'],
        validation: validationMessages['en-us'],
        common: { save: 'Save', cancel: 'Cancel' },
      },
    },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  stubLayoutApis();
  calls.add.mockReset();
  calls.save.mockReset();
  detail.current = stored();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('ProjectEditorDrawer', { timeout: 30_000 }, () => {
  it('asks for a name before any call', async () => {
    await mount('new');
    await type($('project-name')!, '   ');
    await save();
    expect(nameError()).toBe(project.editor.nameRequired);
    expect(calls.add).not.toHaveBeenCalled();
  });

  it('refuses a name over 64 characters and takes one of 64', async () => {
    await mount('new');
    await type($('project-name')!, 'x'.repeat(65));
    await save();
    expect(nameError()).toBe(project.editor.nameLength.replace('{{max}}', '64'));
    expect(calls.add).not.toHaveBeenCalled();
    await type($('project-name')!, 'y'.repeat(64));
    await save();
    expect(calls.add).toHaveBeenCalledTimes(1);
    expect(calls.add.mock.calls[0]![0]).toEqual({ name: 'y'.repeat(64), description: '', device_ids: [] });
  });

  it('shows a taken name (1092) under the name field, not above the buttons', async () => {
    calls.add.mockImplementation((_body, opts: { onError(e: unknown): void }) =>
      opts.onError(new ApiError(ErrorCode.E1092_PROJECT_EXISTS, 'exists', null, false)),
    );
    await mount('new');
    await type($('project-name')!, 'Line_A');
    await save();
    expect(nameError()).toBe(errorMessages['en-us']['1092']);
    expect($('project-error')).toBeNull();
  });

  it('edits the visible devices only and lists the screens of a 1091', async () => {
    calls.save.mockImplementation((_body, opts: { onError(e: unknown): void }) => {
      // The lists are refetched after the call (the name may have been saved): a new object.
      detail.current = stored();
      opts.onError(
        new ApiError(
          ErrorCode.E1091_DEVICE_IN_CONFIGURATION,
          'in use',
          {
            where: [{ device_id: 11, project_id: 7, project: 'Line_A', screens: ['Overview', 'Alarms'] }],
          },
          false,
        ),
      );
    });
    await mount(7);
    expect(($('project-name') as HTMLInputElement).value).toBe('Line_A');
    expect($('project-hidden-devices')!.textContent).toContain('1 more device');
    // Take Filler out: the tag's close icon.
    await act(async () =>
      document
        .querySelector<HTMLElement>('[data-testid="project-devices"] .ant-select-selection-item-remove')!
        .click(),
    );
    await save();
    expect(calls.save.mock.calls[0]![0]).toEqual({
      id: 7,
      name: 'Line_A',
      description: 'Bottling',
      deviceIds: [],
    });
    const error = $('project-error')!;
    expect(error.textContent).toContain(errorMessages['en-us']['1091']);
    expect($('project-references')!.textContent).toBe(
      'Filler is bound by screens Overview, Alarms of project Line_A.',
    );
    // The refetched project does not undo the user's edit.
    expect($('project-devices')!.textContent).not.toContain('Filler');
  });

  it('saves name and description without a device call when the devices did not change', async () => {
    await mount(7);
    await type($('project-name')!, 'Line_B');
    await save();
    expect(calls.save.mock.calls[0]![0]).toEqual({ id: 7, name: 'Line_B', description: 'Bottling' });
  });

  it('opens a locked project read-only with the reason', async () => {
    detail.current = stored({ locked: true });
    await mount(7);
    expect($('project-locked-notice')).not.toBeNull();
    expect($('project-save')).toBeNull();
    expect($('project-name')!.hasAttribute('disabled')).toBe(true);
  });
});
