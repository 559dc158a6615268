import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { Perm, type DeviceSummary, type PermId } from '@hmi/domain';
import controlpanel from '../../i18n/en-us/controlpanel.json';
import { SummaryTiles } from './SummaryTiles.tsx';
import { panelLinks } from './panel-links.ts';

let root: Root;
let host: HTMLDivElement;
const q = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const summary: DeviceSummary = { total: 3, online: 2, offline: 1, alarm: 1, last: null };

async function render(s: DeviceSummary, perms: readonly PermId[]) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const links = panelLinks((p) => perms.includes(p));
  await act(async () =>
    root.render(
      <MemoryRouter>
        <SummaryTiles summary={s} links={links} />
      </MemoryRouter>,
    ),
  );
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { controlpanel } },
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

describe('the control panel’s tiles', () => {
  it('link every number to the device list filtered as the number counts', async () => {
    await render(summary, [Perm.DeviceView]);
    expect(q('cp-total')?.getAttribute('href')).toBe('/device/devicelist');
    expect(q('cp-online')?.getAttribute('href')).toBe('/device/devicelist?online=1');
    expect(q('cp-offline')?.getAttribute('href')).toBe('/device/devicelist?online=0');
    expect(q('cp-alarm')?.getAttribute('href')).toBe('/device/devicelist?alarm=1');
    expect(q('cp-online')?.textContent).toBe('2');
  });

  it('show shares with one decimal, and no links without the device list permission', async () => {
    await render(summary, []);
    expect(q('cp-tile-online')?.textContent).toContain('66.7% of all devices');
    expect(q('cp-tile-offline')?.textContent).toContain('33.3% of all devices');
    expect(q('cp-online')?.tagName).toBe('SPAN');
    expect(host.querySelector('a')).toBeNull();
    expect(q('cp-tile-last')?.textContent).toContain(controlpanel.tiles.never);
  });

  it('show 0.0% of an empty fleet', async () => {
    await render({ total: 0, online: 0, offline: 0, alarm: 0, last: null }, [Perm.DeviceView]);
    expect(q('cp-tile-online')?.textContent).toContain('0.0% of all devices');
  });
});

describe('panel links', () => {
  it('lead to the alarm records with the filters the records screen reads', () => {
    const links = panelLinks((p) => p === Perm.DeviceAlarm);
    expect(links.alarms({ level: 16 })).toBe('/alarm/alarmRecords?level=16');
    expect(links.alarms({ device: 7, from: 1000 })).toBe(
      '/alarm/alarmRecords?tab=history&device=7&from=1000',
    );
    expect(links.devices()).toBeUndefined();
    expect(links.templates()).toBeUndefined();
  });
});
