import type { LiveServerMessage, NotifyEvent } from '@hmi/domain';
import { WebSocket } from 'ws';
import { waitUntil } from '../../src/plugins/mqtt/mqtt-test-helpers.ts';
import type { TestServer } from '../test-server.ts';

/*
 * The two browser sockets of a signed-in user as the suites watch them: everything they carry is
 * kept, and `devicesSeen` / `alarmDevicesSeen` say which devices it was about.
 */

export interface Watcher {
  /** Frames of the device data socket. */
  live: LiveServerMessage[];
  /** Frames of the notify socket. */
  notify: NotifyEvent[];
  /** Subscribes the device socket to these devices; resolves with its `subscribed` answer. */
  subscribe(deviceIds: number[]): Promise<Extract<LiveServerMessage, { type: 'subscribed' }>>;
  /** The same by (device, tag) pairs (subscribe_tags, the data board). */
  subscribeTags(
    tags: { device_id: number; tag_id: number }[],
  ): Promise<Extract<LiveServerMessage, { type: 'subscribed' }>>;
  close(): void;
}

function open(server: TestServer, path: string, token: string): WebSocket {
  return new WebSocket(`${server.url.replace('http', 'ws')}/v1${path}?token=${encodeURIComponent(token)}`);
}

/** Opens the device data socket and the notify socket of a user; resolves once both are ready. */
export async function watch(server: TestServer, token: string): Promise<Watcher> {
  const live: LiveServerMessage[] = [];
  const notify: NotifyEvent[] = [];
  const liveWs = open(server, '/ws/device', token);
  const notifyWs = open(server, '/ws/notify', token);
  liveWs.on('message', (data) => live.push(JSON.parse(data.toString()) as LiveServerMessage));
  notifyWs.on('message', (data) => notify.push(JSON.parse(data.toString()) as NotifyEvent));
  await waitUntil(() => live.some((m) => m.type === 'ready'), 5_000, 'device socket ready');
  await new Promise((resolve) =>
    notifyWs.readyState === notifyWs.OPEN ? resolve(null) : notifyWs.once('open', resolve),
  );
  notifyWs.send(JSON.stringify({ type: 'ping' }));
  await waitUntil(() => notify.some((f) => f.type === 'pong'), 5_000, 'notify socket pong');
  const send = async (message: object) => {
    const before = live.filter((m) => m.type === 'subscribed').length;
    liveWs.send(JSON.stringify(message));
    await waitUntil(() => live.filter((m) => m.type === 'subscribed').length > before, 5_000, 'subscribed');
    return live.filter((m) => m.type === 'subscribed')[before] as Extract<
      LiveServerMessage,
      { type: 'subscribed' }
    >;
  };
  return {
    live,
    notify,
    subscribe(deviceIds) {
      return send({ type: 'subscribe', device_ids: deviceIds, page_size: 20 });
    },
    subscribeTags(tags) {
      return send({ type: 'subscribe_tags', tags });
    },
    close() {
      liveWs.terminate();
      notifyWs.terminate();
    },
  };
}

/** Every device a device socket told about: accepted subscriptions, data items and acts. */
export function devicesSeen(live: readonly LiveServerMessage[]): Set<number> {
  const ids = new Set<number>();
  for (const m of live) {
    if (m.type === 'subscribed') m.devices.forEach((d) => ids.add(d.device_id));
    if (m.type === 'data') m.items.forEach((i) => ids.add(i.device_id));
    if (m.type === 'act') ids.add(m.device_id);
  }
  return ids;
}

/** Every device whose alarm a notify socket carried. */
export function alarmDevicesSeen(notify: readonly NotifyEvent[]): Set<number> {
  return new Set(notify.flatMap((f) => (f.type === 'alarm' ? [f.record.device_id] : [])));
}

/** What kinds of frames a device socket carried about one device (data, act kinds). */
export function framesAbout(live: readonly LiveServerMessage[], deviceId: number): string[] {
  return live.flatMap((m) =>
    m.type === 'data'
      ? m.items.filter((i) => i.device_id === deviceId).map(() => 'data')
      : m.type === 'act' && m.device_id === deviceId
        ? [`act:${m.act}`]
        : [],
  );
}
