import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { AlarmLevel, validationMessages, type AlarmRecord, type MessageItem } from '@hmi/domain';
import { MessageDrawer } from './MessageDrawer.tsx';
import message from '../../i18n/en-us/message.json';
import alarm from '../../i18n/en-us/alarm.json';
import terms from '@hmi/domain/i18n/terms.en-us.json';
import { MemoryRouter } from 'react-router';

/*
 * An alarm message opened from its row: titled by its record (the level is its own tag, never
 * repeated in the title), every field of the record, and acknowledging with a comment.
 */
const record = (over: Partial<AlarmRecord> = {}): AlarmRecord => ({
  id: 41,
  device_id: 2,
  device_name: 'Boiler_3',
  rule_id: 3,
  rule_name: 'steam_pressure',
  group_id: 5,
  group_name: 'boilers',
  tag_id: 4,
  tag_name: 'pressure',
  level: AlarmLevel.Critical,
  type: 2,
  state: 1,
  content: 'Boiler_3 pressure 12.5 bar',
  value: '12.5',
  last_value: '11.9',
  times: 3,
  raised_at: 1_700_000_000_000,
  acked_at: null,
  acked_by: null,
  ack_comment: null,
  recovered_at: null,
  ...over,
});

const item = (over: Partial<MessageItem> = {}): MessageItem => ({
  id: 7,
  kind: 'alarm',
  title: '【Critical】Boiler_3: steam_pressure',
  body: 'Boiler_3 pressure 12.5 bar',
  read: false,
  created_at: 1_700_000_000_500,
  alarm: record(),
  ...over,
});

let root: Root;
let host: HTMLDivElement;
const drawer = () => document.querySelector<HTMLElement>('[data-testid="message-details"]');

async function render(props: Partial<Parameters<typeof MessageDrawer>[0]> = {}) {
  const onAck = vi.fn();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      // The device name links to its page: a router around the drawer.
      <MemoryRouter>
        <MessageDrawer
          message={item()}
          onClose={() => undefined}
          canAck
          acking={false}
          onAck={onAck}
          {...props}
        />
      </MemoryRouter>,
    ),
  );
  return onAck;
}

async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { message, alarm, terms, validation: validationMessages['en-us'] } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // antd's breakpoints (the drawer's width) ask the browser's media queries; jsdom has none.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('MessageDrawer', () => {
  it('titles an alarm message by its record, without repeating the level', async () => {
    await render();
    const title = drawer()!.querySelector('.ant-drawer-title')!.textContent;
    expect(title).toBe('Boiler_3: steam_pressure');
    expect(title).not.toContain('Critical');
  });

  it('shows every field of the record and the comment it was acknowledged with', async () => {
    await render({
      message: item({
        alarm: record({
          state: 2,
          acked_at: 1_700_000_060_000,
          acked_by: 'Ann',
          ack_comment: 'Valve closed',
        }),
      }),
    });
    const text = drawer()!.textContent ?? '';
    for (const expected of [
      'Boiler_3',
      'steam_pressure',
      'boilers',
      'Critical',
      'pressure',
      'Boiler_3 pressure 12.5 bar',
      '12.5',
      '11.9',
      'Ann',
      'Valve closed',
      'Acknowledged',
    ])
      expect(text).toContain(expected);
    const f = alarm.field;
    for (const label of [
      f.device,
      f.rule,
      f.group,
      f.level,
      f.type,
      f.state,
      f.tag,
      f.content,
      f.raisedValue,
      f.lastValue,
      f.times,
      f.raisedAt,
      f.ackedAt,
      f.ackedBy,
      f.ackComment,
      f.recoveredAt,
    ])
      expect(text).toContain(label);
    // Answered already: no acknowledging again.
    expect(drawer()!.querySelector('[data-testid="alarm-ack-submit"]')).toBeNull();
  });

  it('acknowledges with the comment typed, trimmed; a control character keeps it from being sent', async () => {
    const onAck = await render();
    const input = drawer()!.querySelector<HTMLInputElement>('[data-testid="alarm-ack-comment"]')!;
    const submit = () => drawer()!.querySelector<HTMLButtonElement>('[data-testid="alarm-ack-submit"]')!;
    await type(input, 'bad\u0007');
    expect(submit().disabled).toBe(true);
    expect(drawer()!.textContent).toContain(validationMessages['en-us']['validation.text.controlChars']);
    await type(input, '  valve closed by hand ');
    expect(submit().disabled).toBe(false);
    await act(async () => submit().click());
    await vi.waitFor(() => expect(onAck).toHaveBeenCalledWith(41, 'valve closed by hand'));
    expect(input.maxLength).toBe(200);
  });

  it('a notice keeps its own title; an alarm message whose record is gone says so', async () => {
    await render({ message: item({ kind: 'notice', title: 'Welcome', alarm: null }) });
    expect(drawer()!.querySelector('.ant-drawer-title')!.textContent).toBe('Welcome');
    await act(async () =>
      root.render(
        <MemoryRouter>
          <MessageDrawer
            message={item({ alarm: null })}
            onClose={() => undefined}
            canAck
            acking={false}
            onAck={() => undefined}
          />
        </MemoryRouter>,
      ),
    );
    expect(drawer()!.textContent).toContain(message.recordGone);
  });
});
