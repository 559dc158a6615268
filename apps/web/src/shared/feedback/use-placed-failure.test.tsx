import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { FormInstance } from 'antd';
import { ApiError } from '../http/http-errors.ts';
import { usePlacedFailure, type FailurePlaces, type KeyText } from './use-placed-failure.ts';

vi.mock('../i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));

/* The one form hook: failures tied to a field go under it through the form, the rest above the buttons. */
const PLACES: FailurePlaces = { fieldOf: { 1034: 'name' }, fields: ['name', 'sn'] };
const ALARM_TEXT: KeyText = (_i18n, key) => `alarm:${key}`;
const manual = (code: number, data: unknown = null) => new ApiError(code, 'm', data, false);

let host: HTMLDivElement;
let root: Root;
let hook: ReturnType<typeof usePlacedFailure>;

function Probe({ form, keyText }: { form?: FormInstance; keyText?: KeyText }) {
  hook = usePlacedFailure(form, PLACES, keyText);
  return null;
}
const render = (props: { form?: FormInstance; keyText?: KeyText }) =>
  act(async () => root.render(<Probe {...props} />));
const report = (e: unknown) => act(async () => hook.report(e));
const fakeForm = () =>
  ({ setFields: vi.fn() }) as unknown as FormInstance & { setFields: ReturnType<typeof vi.fn> };

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { validation: { 'validation.name.tooLong': 'Name too long ({{max}})' } } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
});

describe('usePlacedFailure', () => {
  it('sets a field failure on the form and leaves the text above the buttons empty', async () => {
    const form = fakeForm();
    await render({ form });
    await report(manual(1034));
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'name', errors: ['E1034'] }]);
    expect(hook.failure).toBeUndefined();
  });

  it('translates a 1006 validation key with the domain catalogue by default', async () => {
    const form = fakeForm();
    await render({ form });
    await report(
      manual(1006, { fields: [{ path: 'sn', message: 'validation.name.tooLong', params: { max: 64 } }] }),
    );
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'sn', errors: ['Name too long (64)'] }]);
  });

  it("uses the feature's key text for listed field errors", async () => {
    const form = fakeForm();
    await render({ form, keyText: ALARM_TEXT });
    await report(manual(1006, { errors: [{ field: 'name', key: 'nameTaken' }] }));
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'name', errors: ['alarm:nameTaken'] }]);
  });

  it('shows other failures above the buttons until cleared', async () => {
    const form = fakeForm();
    await render({ form });
    await report(manual(1036));
    expect(form.setFields).not.toHaveBeenCalled();
    expect(hook.failure).toBe('E1036');
    await act(async () => hook.clear());
    expect(hook.failure).toBeUndefined();
  });

  it('without a form every failure is the text above the buttons', async () => {
    await render({});
    await report(manual(1034));
    expect(hook.failure).toBe('E1034');
  });
});
