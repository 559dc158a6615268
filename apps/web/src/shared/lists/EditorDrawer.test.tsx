import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import common from '../../i18n/en-us/common.json';
import { stubLayoutApis } from '../testing/layout-stubs.ts';
import { EditorDrawer, type EditorDrawerProps } from './EditorDrawer.tsx';

/* The editor frame: the form, or a skeleton or an error in its place; the footer's note and buttons. */
let root: Root;
let host: HTMLDivElement;
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.ant-drawer-footer button')];

async function render(over: Partial<EditorDrawerProps> = {}) {
  const props: EditorDrawerProps = {
    open: true,
    onClose: vi.fn(),
    title: 'Edit role',
    width: 720,
    wideFrom: 'md',
    readOnly: false,
    loading: false,
    noteLayout: 'above',
    save: { text: 'Save', onClick: vi.fn(), pending: false, testId: 'editor-save' },
    testId: 'editor',
    children: <input data-testid="editor-name" />,
    ...over,
  };
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root.render(<EditorDrawer {...props} />));
  return props;
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { common } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('EditorDrawer', () => {
  it('shows the title, the form and a footer whose buttons cancel and save', async () => {
    const p = await render({ note: <span data-testid="editor-note">Name taken</span> });
    expect(document.querySelector('.ant-drawer-title')?.textContent).toBe('Edit role');
    expect(q('editor-name')).not.toBeNull();
    expect(q('editor-note')?.textContent).toBe('Name taken');
    expect(buttons().map((b) => b.textContent)).toEqual([common.cancel, 'Save']);
    await act(async () => buttons()[0]!.click());
    expect(p.onClose).toHaveBeenCalledOnce();
    await act(async () => q('editor-save')!.click());
    expect(p.save.onClick).toHaveBeenCalledOnce();
  });

  it('has no footer when read-only', async () => {
    await render({ readOnly: true });
    expect(q('editor-name')).not.toBeNull();
    expect(buttons()).toHaveLength(0);
  });

  it('shows a skeleton while the item loads, and the error instead when it cannot load', async () => {
    await render({ loading: true });
    expect(q('editor-name')).toBeNull();
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    await act(async () => root.unmount());
    host.remove();
    await render({ loading: true, failed: <div data-testid="editor-failed">Not found</div> });
    expect(q('editor-failed')).not.toBeNull();
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    expect(q('editor-name')).toBeNull();
  });

  it('disables save while told to, and puts a short note beside the buttons', async () => {
    await render({
      noteLayout: 'beside',
      save: { text: 'Create', onClick: vi.fn(), pending: false, disabled: true, testId: 'editor-save' },
    });
    expect((q('editor-save') as HTMLButtonElement).disabled).toBe(true);
    expect(document.querySelector('.editor-drawer-footer.is-beside')).not.toBeNull();
  });
});
