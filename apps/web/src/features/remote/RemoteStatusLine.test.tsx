import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import remote from '../../i18n/en-us/remote.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { clockOf, RemoteStatusLine, type RemoteStatusProps } from './RemoteStatusLine.tsx';
import { TunnelStatusTag } from './TunnelStatusTag.tsx';
import { endOfClose } from './use-remote-session.ts';
import { mergeTunnelStatuses } from './use-tunnel-status.ts';

/* The status line and the tunnel tag say what the session and the device are doing, in words. */
let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

async function show(node: React.ReactNode) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root.render(node));
}
const line = (p: RemoteStatusProps) => show(<RemoteStatusLine {...p} />);

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { remote } },
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
});

describe('remote status line', () => {
  it('connecting, then connected with bytes (base 1024, at least MB) and time left', async () => {
    await line({ phase: 'connecting' });
    expect($('remote-status-text')?.textContent).toBe('Connecting…');
    expect($('remote-bytes')).toBeNull();
    await act(async () => root.unmount());
    await line({
      phase: 'connected',
      mode: 'operate',
      bytes: { up: 512 * 1024, down: 3 * 1024 ** 3 },
      timeLeftMs: 75_000,
    });
    expect($('remote-status-text')?.textContent).toBe('Connected: you operate the HMI');
    expect($('remote-bytes')?.textContent).toBe(' 0.50 MB  3.00 GB');
    expect($('remote-time-left')?.textContent).toBe(' 1:15 left');
  });

  it('view only, with or without an operator', async () => {
    await line({ phase: 'connected', mode: 'view', operatorName: 'Li Wei' });
    expect($('remote-status-text')?.textContent).toBe('View only (operated by Li Wei)');
    await act(async () => root.unmount());
    await line({ phase: 'connected', mode: 'view', operatorName: null });
    expect($('remote-status-text')?.textContent).toBe('View only');
  });

  it('ended with the translated reason (no time left), failed with the failure', async () => {
    await line({ phase: 'ended', end: 'takeover', timeLeftMs: 10_000, bytes: { up: 0, down: 0 } });
    expect($('remote-status-text')?.textContent).toBe('Ended: an administrator took over the HMI');
    expect($('remote-time-left')).toBeNull();
    expect($('remote-bytes')?.textContent).toContain('0.00 MB');
    await act(async () => root.unmount());
    await line({ phase: 'failed', failure: 'The device is offline.' });
    expect($('remote-status-text')?.textContent).toBe('Could not open: The device is offline.');
  });

  it('every end reason of the contract has a text', () => {
    for (const reason of Object.keys(remote.end)) expect(endOfClose(4000, reason)).toBe(reason);
    expect(endOfClose(4000, 'nonsense')).toBe('lost');
    expect(endOfClose(1006, '')).toBe('lost');
    expect(endOfClose(undefined, undefined)).toBe('lost');
  });

  it('clock of the time left', () => {
    expect(clockOf(0)).toBe('0:00');
    expect(clockOf(-5_000)).toBe('0:00');
    expect(clockOf(59_999)).toBe('0:59');
    expect(clockOf(3_725_000)).toBe('1:02:05');
  });
});

describe('tunnel status', () => {
  it('idle, in use by whom, watched only', async () => {
    await show(<TunnelStatusTag status={{ device_id: 1, state: 'idle', operator_name: null, viewers: 0 }} />);
    expect($('tunnel-status')?.textContent).toBe('Idle');
    await act(async () => root.unmount());
    await show(
      <TunnelStatusTag status={{ device_id: 1, state: 'in_use', operator_name: 'Ann', viewers: 2 }} />,
    );
    expect($('tunnel-status')?.textContent).toBe('In use by Ann');
    expect($('tunnel-status')?.dataset.state).toBe('in_use');
    await act(async () => root.unmount());
    await show(
      <TunnelStatusTag status={{ device_id: 1, state: 'in_use', operator_name: null, viewers: 1 }} />,
    );
    expect($('tunnel-status')?.textContent).toBe('Watched by 1');
  });

  it('a pushed status newer than the reply wins; an older one does not', () => {
    const fetched = [
      { device_id: 1, state: 'idle' as const, operator_name: null, viewers: 0 },
      { device_id: 2, state: 'idle' as const, operator_name: null, viewers: 0 },
    ];
    const live = new Map([
      [1, { device_id: 1, state: 'in_use' as const, operator_name: 'Ann', viewers: 0, ts: 2_000 }],
      [2, { device_id: 2, state: 'in_use' as const, operator_name: 'Bo', viewers: 0, ts: 500 }],
    ]);
    const merged = mergeTunnelStatuses(fetched, 1_000, live, [1, 2]);
    expect(merged?.get(1)).toEqual({ device_id: 1, state: 'in_use', operator_name: 'Ann', viewers: 0 });
    expect(merged?.get(2)?.state).toBe('idle');
    expect(mergeTunnelStatuses(undefined, 0, undefined, [1])).toBeUndefined();
    expect(mergeTunnelStatuses(undefined, 0, live, [2])?.get(2)?.operator_name).toBe('Bo');
  });
});
