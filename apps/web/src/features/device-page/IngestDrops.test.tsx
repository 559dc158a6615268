import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import type { IngestDrops as Drops } from '@hmi/domain';
import devicepage from '../../i18n/en-us/devicepage.json';
import { IngestDrops } from './IngestDrops.tsx';

const drops = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('./use-device-page.ts', () => ({ useIngestDrops: () => drops.current }));

const none: Drops = {
  device_id: 7,
  unknown_tag: 0,
  wrong_type: 0,
  bad_payload: 0,
  template_locked: 0,
  tag_quota: 0,
  last_reason: '',
  last_at: null,
};

let root: Root;
let host: HTMLDivElement;
const q = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const tile = (kind: string) => host.querySelector<HTMLElement>(`[data-kind="${kind}"]`);

async function render(data: Drops) {
  drops.current = { isPending: false, data };
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root.render(<IngestDrops deviceId={7} />));
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { devicepage } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

describe('the device page’s dropped values', () => {
  it('says nothing was dropped when every counter is 0', async () => {
    await render(none);
    expect(q('devpage-drops-none')?.textContent).toBe(devicepage.drops.none);
    expect(q('devpage-drops')).toBeNull();
  });

  it('counts values of a locked template and beyond the TAG allocation, and explains them', async () => {
    await render({
      ...none,
      template_locked: 1200,
      tag_quota: 35,
      last_reason: 'template_locked: 12',
      last_at: 1,
    });
    expect(q('devpage-drops')).not.toBeNull();
    expect(tile('template_locked')?.className).toContain('is-some');
    expect(tile('template_locked')?.textContent).toBe(
      `${(1200).toLocaleString()}${devicepage.drops.template_locked}`,
    );
    expect(tile('tag_quota')?.textContent).toBe(`35${devicepage.drops.tag_quota}`);
    expect(tile('unknown_tag')?.className).not.toContain('is-some');
    expect(q('devpage-drop-why-template_locked')?.textContent).toBe(devicepage.drops.why.template_locked);
    expect(q('devpage-drop-why-tag_quota')?.textContent).toBe(devicepage.drops.why.tag_quota);
    expect(devicepage.drops.why.template_locked).toMatch(/Cloud Application card expired/);
  });

  it('explains only the billing reasons that occurred', async () => {
    await render({ ...none, tag_quota: 2 });
    expect(q('devpage-drops')).not.toBeNull();
    expect(q('devpage-drop-why-tag_quota')).not.toBeNull();
    expect(q('devpage-drop-why-template_locked')).toBeNull();
    expect(host.querySelectorAll('.devpage-drop')).toHaveLength(5);
  });

  it('shows the other reasons without a billing explanation', async () => {
    await render({ ...none, wrong_type: 3 });
    expect(tile('wrong_type')?.className).toContain('is-some');
    expect(host.querySelector('.devpage-drop-why')).toBeNull();
  });
});
