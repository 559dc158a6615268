import { expect } from 'vitest';
import {
  deviceTopic,
  type DataSample,
  type DeviceConfig,
  type HistoryRawReply,
  type HistoryRow,
  type TemplateDetail,
} from '@hmi/domain';
import type { IClientOptions, MqttClient } from 'mqtt';
import { decodeFrame } from '../history-store/index.ts';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, buildTemplate, setTemplateLimit } from '../device/device-test-factories.ts';
import { connectedDevice, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * Helpers of the live data suites: a team with a template of one tag of each kind, bound devices,
 * and the device side as a plain MQTT.js client speaking the protocol table (DESIGN section 5).
 */

/** The template's tags by role; ids are the template's. */
export interface Tags {
  speed: number; // UINT16, read-write
  temp: number; // REAL, read-write
  running: number; // BOOL, read only
  recipe: number; // STRING, write
  counter: number; // UINT64, read-write
}

export const TEMPLATE_TAGS = [
  { name: 'speed', data_type: 1, rw: 2 },
  { name: 'temp', data_type: 7, rw: 2 },
  { name: 'running', data_type: 0, rw: 0 },
  { name: 'recipe', data_type: 9, rw: 1 },
  { name: 'counter', data_type: 3, rw: 2 },
] as const;

export async function teamWithTemplate(server: TestServer) {
  const main = await createActiveUser(server);
  await setTemplateLimit(server, main.profile.team_id, 20);
  const template: TemplateDetail = await buildTemplate(server, main.tokens.token, {
    tags: [...TEMPLATE_TAGS],
  });
  const byName = new Map(template.tags.map((t) => [t.name, t.id]));
  const tags = Object.fromEntries(TEMPLATE_TAGS.map((t) => [t.name, byName.get(t.name)!])) as unknown as Tags;
  return { main, token: main.tokens.token, template, tags };
}

export interface TestDevice {
  id: number;
  sn: string;
  secret: string;
  client: MqttClient;
  /** Publishes `data` at QoS 1; resolves on the PUBACK. */
  data(payload: DataSample | DataSample[] | string): Promise<unknown>;
  /** Publishes `state` online (retained) and acknowledges the current config: online 1, sync 1. */
  goOnlineAndSync(): Promise<void>;
}

/** A device bound to the team with the template, connected as a plain MQTT client. */
export async function connectDevice(
  server: TestServer,
  token: string,
  templateId: number,
  options: IClientOptions = {},
): Promise<TestDevice> {
  const device = await buildDevice(server, token, { template_id: templateId });
  // Like a real device (DESIGN section 5): its Last Will reports it offline when it drops.
  const client = await connectedDevice(server.app.deviceMqttUrl, device.sn, device.secret, {
    keepalive: 30,
    will: {
      topic: deviceTopic(device.sn, 'state'),
      payload: Buffer.from('{"online":false}'),
      qos: 1,
      retain: true,
    },
    ...options,
  });
  const configs: DeviceConfig[] = [];
  client.on('message', (topic, payload) => {
    if (topic === deviceTopic(device.sn, 'config') && payload.length > 0)
      configs.push(JSON.parse(payload.toString()) as DeviceConfig);
  });
  await client.subscribeAsync([deviceTopic(device.sn, 'config'), deviceTopic(device.sn, 'cmd')], { qos: 1 });
  return {
    id: device.id,
    sn: device.sn,
    secret: device.secret,
    client,
    async data(payload) {
      const done = settled(server, device.sn);
      await client.publishAsync(
        deviceTopic(device.sn, 'data'),
        typeof payload === 'string' ? payload : JSON.stringify(payload),
        { qos: 1 },
      );
      await done;
    },
    async goOnlineAndSync() {
      await client.publishAsync(deviceTopic(device.sn, 'state'), JSON.stringify({ online: true }), {
        qos: 1,
        retain: true,
      });
      await waitUntil(() => configs.length > 0, 8_000, 'config');
      const config = configs[configs.length - 1]!;
      await client.publishAsync(
        deviceTopic(device.sn, 'config/ack'),
        JSON.stringify({ templateId: config.templateId, version: config.version }),
        { qos: 1 },
      );
      await eventually(
        async () =>
          server.app.db
            .selectFrom('devices')
            .select(['online', 'sync_state'])
            .where('id', '=', device.id)
            .executeTakeFirstOrThrow(),
        (d) => d.online === 1 && d.sync_state === 1,
        'online and synced',
      );
    },
  };
}

/**
 * Resolves once the server has handled (or refused as invalid) the device's next `data` message.
 * On the embedded broker the PUBACK already comes after the commit; an external broker
 * acknowledges the device itself, so the tests wait for the server's own handling instead.
 */
function settled(server: TestServer, sn: string): Promise<void> {
  const link = server.app.services.deviceLink;
  if (link.kind === 'embedded') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const finish = (err?: Error) => {
      clearTimeout(timer);
      offHandled();
      offInvalid();
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`data of ${sn} not handled within 10 s`)), 10_000);
    const offHandled = link.on('handled', (e) => e.sn === sn && e.channel === 'data' && finish());
    const offInvalid = link.on('invalid', (e) => e.sn === sn && e.channel === 'data' && finish());
  });
}

/** Polls until `check` passes. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  timeoutMs = 8_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 30));
    last = await read();
  }
  return last;
}

/** Every raw row of the range through the API (all pages). */
export async function readAll(
  server: TestServer,
  token: string,
  deviceId: number,
  tagIds: number[],
  from: number,
  to: number,
): Promise<HistoryRow[]> {
  const out: HistoryRow[] = [];
  for (let page = 1; ; page++) {
    const res = await server.call<HistoryRawReply>(
      'GET',
      `/history/raw?device_id=${deviceId}&tag_ids=${tagIds.join(',')}&from=${from}&to=${to}&page=${page}&page_size=1000`,
      { token },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    out.push(...res.body.data.list);
    if (res.body.data.list.length < 1000) return out;
  }
}

/** A value stored in a history frame, as `storedValues` gives it. */
export interface StoredValue {
  tag_id: number;
  ts: number;
  num: number | null;
  txt: string | null;
}

/**
 * Every value stored for a device, decoded from its history frames straight from the database
 * (ignores the binding filter of the API), ordered by time then tag id. A frame staged and moved
 * at the same time could show twice: call it while the stage is quiet.
 */
export async function storedValues(server: TestServer, deviceId: number): Promise<StoredValue[]> {
  // Frames moved into history_frames and those still staged (SQLite: history_recent).
  const frames = [
    ...(await server.app.db
      .selectFrom('history_frames')
      .select(['ts', 'tagset', 'data'])
      .where('device_id', '=', deviceId)
      .execute()),
    ...(await server.app.db
      .selectFrom('history_recent')
      .select(['ts', 'tagset', 'data'])
      .where('device_id', '=', deviceId)
      .execute()),
  ].sort((a, b) => Number(a.ts) - Number(b.ts) || a.tagset - b.tagset);
  const out: StoredValue[] = [];
  for (const f of frames) {
    const v = decodeFrame(f.data);
    v.ids.forEach((tag_id, i) => out.push({ tag_id, ts: Number(f.ts), num: v.nums[i]!, txt: v.txts[i]! }));
  }
  return out.sort((a, b) => a.ts - b.ts || a.tag_id - b.tag_id);
}

/** Values stored for a device directly from the database (ignores the binding filter of the API). */
export async function storedCount(server: TestServer, deviceId: number): Promise<number> {
  return (await storedValues(server, deviceId)).length;
}
