import { deviceTopic, uplinkChannels } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canConnect, startDynsecMosquitto, type DynsecMosquitto } from '../../../test/dynsec-mosquitto.ts';
import { DEVICE_CLIENT_TEXTNAME, DynsecDeviceAccounts } from './dynsec-device-accounts.ts';
import { uniqueSn } from './mqtt-test-helpers.ts';
import { DynsecClient, DynsecError } from './mosquitto-dynsec.ts';

/*
 * The dynsec client and the device accounts against a real Mosquitto 2.0 with the plugin: what
 * the broker lets a device do is checked by the broker itself, with a second client (the
 * watcher, allowed to subscribe to everything) that must see a device's permitted messages and
 * none of the others.
 */

let broker: DynsecMosquitto;
let admin: DynsecClient;
let accounts: DynsecDeviceAccounts;
let watcher: MqttClient;
const seen: { topic: string; payload: string }[] = [];
const open: MqttClient[] = [];

beforeAll(async () => {
  broker = await startDynsecMosquitto();
  admin = await DynsecClient.connect({ url: broker.url, ...broker.admin });
  accounts = new DynsecDeviceAccounts(admin, [broker.admin.username, 'hmi-cloud']);
  await admin.sendAll([
    {
      command: 'createRole',
      rolename: 'watch-all',
      acls: [
        { acltype: 'subscribePattern', topic: '#', allow: true },
        { acltype: 'publishClientReceive', topic: '#', allow: true },
      ],
    },
    { command: 'createClient', username: 'watcher', password: 'watch', roles: [{ rolename: 'watch-all' }] },
  ]);
  watcher = await broker.client({ clientId: 'watcher', username: 'watcher', password: 'watch' });
  await watcher.subscribeAsync('hmi/#', { qos: 1 });
  watcher.on('message', (topic, payload) => seen.push({ topic, payload: payload.toString() }));
});

afterAll(async () => {
  for (const c of open) c.end(true);
  watcher?.end(true);
  await admin?.close();
  await broker?.stop();
});

async function device(sn: string, secret: string): Promise<MqttClient> {
  const c = await broker.client({ clientId: sn, username: sn, password: secret });
  open.push(c);
  return c;
}

/** Waits until the watcher has seen a message with this payload. */
async function watcherSees(payload: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!seen.some((m) => m.payload === payload)) {
    if (Date.now() > deadline) throw new Error(`the watcher never saw ${payload}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The SUBACK's granted QoS; MQTT.js rejects a refusal (0x80), which is what is tested. */
const grantedQos = (c: MqttClient, filter: string) =>
  c.subscribeAsync(filter, { qos: 1 }).then(
    (granted) => granted[0]?.qos,
    (err: { packet?: { granted?: number[] } }) => err.packet?.granted?.[0] ?? 'rejected',
  );

describe('DynsecClient', () => {
  it('answers commands, reports the plugin errors, and times out clearly without the rights', async () => {
    await admin.send({ command: 'createRole', rolename: 'probe-role' });
    const err = await admin.send({ command: 'createRole', rolename: 'probe-role' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DynsecError);
    expect((err as DynsecError).reason).toMatch(/already exists/i);
    expect(await admin.getClient('no-such-client')).toBeUndefined();
    // Pages: every client exactly once, however the list is cut.
    const whole = (await admin.listClients()).map((c) => c.username);
    expect(whole).toContain('admin');
    expect((await admin.listClients(1)).map((c) => c.username)).toEqual(whole);
    await expect(admin.send({ command: 'deleteClient', username: 'no-such-client' })).rejects.toThrow(
      /deleteClient: Client not found/,
    );

    // A user who may read the responses but not publish commands: the broker drops the command.
    await admin.sendAll([
      {
        command: 'createRole',
        rolename: 'listen-only',
        acls: [
          { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/#', allow: true },
          { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/#', allow: true },
        ],
      },
      { command: 'createClient', username: 'listener', password: 'l', roles: [{ rolename: 'listen-only' }] },
      { command: 'createClient', username: 'nobody', password: 'n' },
    ]);
    const listener = await DynsecClient.connect({
      url: broker.url,
      username: 'listener',
      password: 'l',
      timeoutMs: 300,
    });
    await expect(listener.listClients()).rejects.toThrow(
      /no answer within 300 ms .*dynamic security plugin loaded/,
    );
    await listener.close();
    await expect(
      DynsecClient.connect({ url: broker.url, username: 'nobody', password: 'n' }),
    ).rejects.toThrow(/nobody may not subscribe/);
    await expect(
      DynsecClient.connect({ url: broker.url, username: 'admin', password: 'wrong' }),
    ).rejects.toThrow(/cannot connect .* as admin/);
  });

  it('Mosquitto 2.0 does not substitute %u in dynsec ACL topics (hence one role per device)', async () => {
    // If this fails on a newer Mosquitto, one shared role `hmi/v1/%u/...` would do.
    const sn = uniqueSn('PCT');
    await admin.sendAll([
      {
        command: 'createRole',
        rolename: `pct-${sn}`,
        acls: [
          { acltype: 'publishClientSend', topic: 'hmi/v1/%u/data', allow: true },
          { acltype: 'publishClientSend', topic: deviceTopic(sn, 'state'), allow: true },
        ],
      },
      { command: 'createClient', username: sn, password: 'pct-secret', roles: [{ rolename: `pct-${sn}` }] },
    ]);
    const c = await device(sn, 'pct-secret');
    await c.publishAsync(deviceTopic(sn, 'data'), `pattern-${sn}`, { qos: 1 });
    await c.publishAsync(deviceTopic(sn, 'state'), `literal-${sn}`, { qos: 1 });
    await watcherSees(`literal-${sn}`);
    expect(seen.some((m) => m.payload === `pattern-${sn}`)).toBe(false);
  });
});

describe('DynsecDeviceAccounts', () => {
  it('lets a registered device use exactly its own topics, with its secret and its SN as client id', async () => {
    const sn = uniqueSn('DYN');
    const other = uniqueSn('OTH');
    expect(await accounts.upsert(sn, 'pin-1111')).toBe('created');
    expect(await accounts.upsert(other, 'pin-2222')).toBe('created');

    expect(await canConnect(broker, { clientId: sn, username: sn, password: 'wrong-pin' })).toBe(false);
    expect(await canConnect(broker, { clientId: 'not-the-sn', username: sn, password: 'pin-1111' })).toBe(
      false,
    );

    const c = await device(sn, 'pin-1111');
    for (const channel of uplinkChannels)
      await c.publishAsync(deviceTopic(sn, channel), `${channel}-${sn}`, { qos: 1 });
    for (const channel of uplinkChannels) await watcherSees(`${channel}-${sn}`);

    // Another device's topics, a downlink channel, a topic outside hmi/v1: dropped by the broker.
    await c.publishAsync(deviceTopic(other, 'data'), `forged-${sn}`, { qos: 1 });
    await c.publishAsync(deviceTopic(sn, 'cmd'), `own-cmd-${sn}`, { qos: 1 });
    await c.publishAsync('hmi/elsewhere', `elsewhere-${sn}`, { qos: 1 });
    await c.publishAsync(deviceTopic(sn, 'data'), `sentinel-${sn}`, { qos: 1 });
    await watcherSees(`sentinel-${sn}`);
    for (const p of [`forged-${sn}`, `own-cmd-${sn}`, `elsewhere-${sn}`])
      expect(seen.some((m) => m.payload === p)).toBe(false);

    expect(await grantedQos(c, deviceTopic(sn, 'config'))).toBe(1);
    expect(await grantedQos(c, deviceTopic(sn, 'cmd'))).toBe(1);
    expect(await grantedQos(c, deviceTopic(other, 'cmd'))).toBe(128);
    expect(await grantedQos(c, `hmi/v1/${sn}/#`)).toBe(128);
    expect(await grantedQos(c, 'hmi/v1/+/data')).toBe(128);
    expect(await grantedQos(c, '#')).toBe(128);
    expect(await grantedQos(c, deviceTopic(sn, 'data'))).toBe(128);

    // What a cloud client sends on the device's own cmd topic reaches it.
    const received = new Promise<string>((resolve) => c.once('message', (_t, p) => resolve(p.toString())));
    await admin.sendAll([
      {
        command: 'createRole',
        rolename: `cloud-${sn}`,
        acls: [{ acltype: 'publishClientSend', topic: 'hmi/v1/+/cmd', allow: true }],
      },
      {
        command: 'createClient',
        username: `cloud-${sn}`,
        password: 'c',
        roles: [{ rolename: `cloud-${sn}` }],
      },
    ]);
    const cloud = await broker.client({ username: `cloud-${sn}`, password: 'c' });
    open.push(cloud);
    await cloud.publishAsync(deviceTopic(sn, 'cmd'), `cmd-for-${sn}`, { qos: 1 });
    expect(await received).toBe(`cmd-for-${sn}`);
  });

  it('a new secret replaces the old one at once: the connected device is dropped, the old secret refused', async () => {
    const sn = uniqueSn('ROT');
    await accounts.upsert(sn, 'old-secret');
    const c = await device(sn, 'old-secret');
    const dropped = new Promise<void>((resolve) => c.once('close', () => resolve()));
    expect(await accounts.upsert(sn, 'new-secret')).toBe('updated');
    await dropped;
    expect(await canConnect(broker, { clientId: sn, username: sn, password: 'old-secret' })).toBe(false);
    const again = await device(sn, 'new-secret');
    await again.publishAsync(deviceTopic(sn, 'data'), `rotated-${sn}`, { qos: 1 });
    await watcherSees(`rotated-${sn}`);
  });

  it('lists and removes only the devices it manages; never the admin, the cloud user or foreign clients', async () => {
    const sn = uniqueSn('DEL');
    await accounts.upsert(sn, 'pin-3333');
    await admin.send({ command: 'createClient', username: 'hmi-cloud', password: 'cloud' });
    await admin.send({
      command: 'createClient',
      username: 'FOREIGN-01',
      password: 'x',
      textname: 'someone else',
    });

    const listed = await accounts.list();
    expect(listed).toContain(sn);
    expect(listed).not.toContain('admin');
    expect(listed).not.toContain('hmi-cloud');
    expect(listed).not.toContain('FOREIGN-01');
    expect((await admin.getClient(sn))?.textname).toBe(DEVICE_CLIENT_TEXTNAME);

    await expect(accounts.upsert('hmi-cloud', 'pin-4444')).rejects.toThrow(/never a device/);
    await expect(accounts.upsert('FOREIGN-01', 'pin-4444')).rejects.toThrow(
      /not a console device; left alone/,
    );
    expect(await canConnect(broker, { username: 'FOREIGN-01', password: 'x' })).toBe(true);

    expect(await accounts.remove(sn)).toBe(true);
    expect(await accounts.remove(sn)).toBe(false);
    expect(await canConnect(broker, { clientId: sn, username: sn, password: 'pin-3333' })).toBe(false);
    expect(await accounts.list()).not.toContain(sn);
    expect(await admin.getClient('admin')).toBeDefined();
  });
});
