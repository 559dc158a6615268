import { act, type ReactNode } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  errorMessages,
  terms,
  validationMessages,
  type MonitorListReply,
  type ProjectDetail,
  type Recipe,
} from '@hmi/domain';
import project from '../../i18n/en-us/project.json';
import alarm from '../../i18n/en-us/alarm.json';
import { sessionKeys } from '../../shared/session/session-keys.ts';
import { monitorKeys } from '../monitor/index.ts';

/*
 * What the recipe screens' tests share: the texts, a project with two visible devices and a
 * hidden one, a recipe, the signed-in user's permissions and the devices' tags put in the query
 * cache (the data monitor's lists: no call is made for them), and mounting with act.
 */

export const en = { project, alarm };

export async function initTexts(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: {
      'en-us': {
        project,
        alarm,
        errors: errorMessages['en-us'],
        validation: validationMessages['en-us'],
        terms: terms['en-us'],
        common: { save: 'Save', cancel: 'Cancel' },
      },
    },
    interpolation: { escapeValue: false },
  });
}

export const aProject = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  id: 7,
  name: 'Line_A',
  description: '',
  device_count: 3,
  screen_count: 0,
  created_at: 1,
  updated_at: 2,
  locked: false,
  devices: [
    { id: 11, name: 'Filler', online: 1, visible: true },
    { id: 12, name: 'Capper', online: 0, visible: true },
    { id: 13, name: '', online: 0, visible: false },
  ],
  screens: [],
  ...over,
});

export const aRecipe = (over: Partial<Recipe> = {}): Recipe => ({
  id: 5,
  project_id: 7,
  name: 'Cola_1L',
  description: 'One litre bottles',
  items: [
    { device_id: 11, tag_id: 1, value: 120 },
    { device_id: 12, tag_id: 3, value: true },
  ],
  hidden_items: 0,
  created_at: 1,
  updated_at: 2,
  ...over,
});

type TagSpec = [tagId: number, name: string, dataType: number, rw: number];

/** Filler: Speed INT32 rw, Count UINT16 read-only, Run BOOL write, Label STRING rw. Capper: Run BOOL rw, Torque REAL rw. */
export const TAGS: Record<number, TagSpec[]> = {
  11: [
    [1, 'Speed', 5, 2],
    [2, 'Count', 1, 0],
    [4, 'Run', 0, 1],
    [6, 'Label', 9, 2],
  ],
  12: [
    [3, 'Run', 0, 2],
    [5, 'Torque', 7, 2],
  ],
};

const monitorList = (deviceId: number): MonitorListReply =>
  ({
    device_id: deviceId,
    tags: (TAGS[deviceId] ?? []).map(([tag_id, name, data_type, rw]) => ({
      tag_id,
      name,
      data_type,
      rw,
      unit: '',
      decimals: 0,
    })),
  }) as unknown as MonitorListReply;

let root: Root | undefined;
let host: HTMLDivElement | undefined;

/** Renders `ui` for a user holding `permissions` (monitor 47 among them: the tag lists are cached). */
export async function mount(ui: ReactNode, permissions: number[]): Promise<QueryClient> {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(sessionKeys.userInfo, { permissions, is_main: 0 });
  for (const id of Object.keys(TAGS).map(Number)) client.setQueryData(monitorKeys.list(id), monitorList(id));
  const mounted = root;
  await act(async () => mounted.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>));
  await settle();
  return client;
}

export async function unmount(): Promise<void> {
  const mounted = root;
  if (mounted) await act(async () => mounted.unmount());
  host?.remove();
  root = undefined;
  host = undefined;
  document.body.innerHTML = '';
}

export const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
export const $ = (id: string, scope: ParentNode = document) =>
  scope.querySelector<HTMLElement>(`[data-testid="${id}"]`);
export const all = (id: string, scope: ParentNode = document) => [
  ...scope.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`),
];

export async function click(el: HTMLElement): Promise<void> {
  await act(async () => el.click());
  await settle();
}

export async function type(input: HTMLElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Opens an antd select (its test id is on an inner element) and lists the options it offers. */
export async function openSelect(el: HTMLElement): Promise<HTMLElement[]> {
  const select = el.closest('.ant-select') ?? el;
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await settle();
  const open = [...document.querySelectorAll('.ant-select-dropdown')].filter(
    (d) => !d.classList.contains('ant-select-dropdown-hidden'),
  );
  return [...(open.at(-1)?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
}

/** Picks the option whose first text is `label` in the select of `el`. */
export async function pick(el: HTMLElement, label: string): Promise<void> {
  const options = await openSelect(el);
  const option = options.find(
    (o) => o.querySelector('.recipe-tag-option > span')?.textContent === label || o.textContent === label,
  );
  if (!option) throw new Error(`no option ${label} in ${options.map((o) => o.textContent).join(', ')}`);
  await click(option);
}

/** The error text under the form item holding `el`. */
export const explainOf = (el: HTMLElement) =>
  el.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
