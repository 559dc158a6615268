import { deviceTopic } from '@hmi/domain';
import { encodePayload } from '@hmi/domain/sparkplug';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canConnect, startDynsecMosquitto, type DynsecMosquitto } from '../../../test/dynsec-mosquitto.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import {
  DynsecDeviceAccounts,
  type BrokerDeviceAccounts,
} from '../../plugins/mqtt/dynsec-device-accounts.ts';
import { DynsecClient } from '../../plugins/mqtt/mosquitto-dynsec.ts';
import { uniqueSn } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { BrokerRegistrySync } from './broker-registry.ts';
import { DbDeviceRegistry, type DeviceRegistration } from './db-device-registry.ts';
import { registerDevices } from './register-devices.ts';

/*
 * The server as the one device registry for a Mosquitto with dynamic security: registering a
 * device (the operator CLI's run, --replace) creates its broker account, and the server's start
 * deletes accounts of devices it does not know. A Mosquitto of the file's own, the server on
 * MQTT_URL with MQTT_DYNSEC_USER, devices that connect with what was registered.
 */

let broker: DynsecMosquitto;
let admin: DynsecClient;
let accounts: DynsecDeviceAccounts;
let server: TestServer;
let registry: DbDeviceRegistry;
let sync: BrokerRegistrySync;
const staleSn = uniqueSn('STALE');
const CLOUD = { username: 'hmi-cloud', password: 'cloud-pw' };
/** The server's dynsec user, with only the rights docs/broker-registry.md gives it. */
const REGISTRY = { username: 'hmi-registry', password: 'registry-pw' };

/** Polls until `check` holds, or fails after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const connects = (sn: string, secret: string) =>
  canConnect(broker, { clientId: sn, username: sn, password: secret });

beforeAll(async () => {
  broker = await startDynsecMosquitto();
  admin = await DynsecClient.connect({ url: broker.url, ...broker.admin });
  accounts = new DynsecDeviceAccounts(admin, [broker.admin.username, CLOUD.username]);
  // The server's own broker user (docs/broker-registry.md gives the same with mosquitto_ctrl).
  await admin.sendAll([
    {
      command: 'createRole',
      rolename: 'hmi-cloud',
      acls: [
        { acltype: 'subscribePattern', topic: '$share/+/hmi/v1/#', allow: true },
        { acltype: 'subscribePattern', topic: 'hmi/v1/#', allow: true },
        { acltype: 'publishClientSend', topic: 'hmi/v1/+/config', allow: true },
        { acltype: 'publishClientSend', topic: 'hmi/v1/+/cmd', allow: true },
        // Sparkplug B host application (docs/protocol.md): its STATE and the nodes' commands.
        { acltype: 'subscribePattern', topic: 'spBv1.0/#', allow: true },
        { acltype: 'publishClientSend', topic: 'spBv1.0/STATE/#', allow: true },
        { acltype: 'publishClientSend', topic: 'spBv1.0/+/NCMD/#', allow: true },
        { acltype: 'publishClientSend', topic: 'spBv1.0/+/DCMD/#', allow: true },
      ],
    },
    { command: 'createClient', ...CLOUD, roles: [{ rolename: 'hmi-cloud' }] },
    {
      command: 'createRole',
      rolename: 'hmi-registry',
      acls: [
        { acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/#', allow: true },
        { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/#', allow: true },
        { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/#', allow: true },
      ],
    },
    { command: 'createClient', ...REGISTRY, roles: [{ rolename: 'hmi-registry' }] },
  ]);
  // An account left at the broker by a device the registry does not have.
  await accounts.upsert(staleSn, 'stale-secret');
  server = await startTestServer({
    MQTT_URL: `mqtt://${CLOUD.username}:${CLOUD.password}@127.0.0.1:${broker.port}`,
    MQTT_CLIENT_ID: uniqueSn('cloud'),
    MQTT_DYNSEC_USER: REGISTRY.username,
    MQTT_DYNSEC_PASSWORD: REGISTRY.password,
  });
  registry = new DbDeviceRegistry(server.app.db);
  sync = new BrokerRegistrySync(registry, accounts);
});

afterAll(async () => {
  await server?.close();
  await admin?.close();
  await broker?.stop();
});

describe('the server as the broker registry', () => {
  it('at start, deletes the accounts of unregistered devices and leaves the admin and its own user alone', async () => {
    await eventually(
      async () => !(await accounts.list()).includes(staleSn),
      10_000,
      'the stale account deleted',
    );
    expect(await connects(staleSn, 'stale-secret')).toBe(false);
    expect(await canConnect(broker, broker.admin)).toBe(true);
    expect(await admin.getClient(CLOUD.username)).toBeDefined();
    expect(await admin.getClient(REGISTRY.username)).toBeDefined();
  });

  it('a registered device connects with its secret and the server stores what it publishes', async () => {
    const sn = uniqueSn('REG');
    const report = await sync.register({ sn, secret: 'pin-5678', kind: 'hmi' });
    expect(report).toEqual({ outcome: 'created', broker: { status: 'pushed', account: 'created' } });
    expect(await connects(sn, 'pin-567')).toBe(false);

    const device = await broker.client({ clientId: sn, username: sn, password: 'pin-5678' });
    await device.publishAsync(deviceTopic(sn, 'state'), JSON.stringify({ online: true, firmware: '9.9.9' }), {
      qos: 1,
    });
    const firmware = () =>
      server.app.db.selectFrom('devices').select('firmware').where('sn', '=', sn).executeTakeFirst();
    await eventually(async () => (await firmware())?.firmware === '9.9.9', 5000, 'the state stored');
    await device.endAsync();
  });

  it('--replace rotates the secret at the broker: the old one stops working', async () => {
    const sn = uniqueSn('ROT');
    await sync.register({ sn, secret: 'old-secret' });
    expect(await connects(sn, 'old-secret')).toBe(true);
    const report = await sync.register({ sn, secret: 'new-secret' }, { replaceSecret: true });
    expect(report).toEqual({ outcome: 'updated', broker: { status: 'pushed', account: 'updated' } });
    expect(await connects(sn, 'old-secret')).toBe(false);
    expect(await connects(sn, 'new-secret')).toBe(true);
    expect(await registry.authenticate(sn, 'new-secret')).toBe('ok');
  });

  it('registering again with the same secret restores a lost account; another secret changes nothing', async () => {
    const sn = uniqueSn('HEAL');
    await sync.register({ sn, secret: 'pin-heal' });
    await accounts.remove(sn);
    expect(await connects(sn, 'pin-heal')).toBe(false);
    expect(await sync.register({ sn, secret: 'pin-heal' })).toEqual({
      outcome: 'exists',
      broker: { status: 'pushed', account: 'created' },
    });
    expect(await connects(sn, 'pin-heal')).toBe(true);
    const other = await sync.register({ sn, secret: 'pin-other' });
    expect(other).toMatchObject({ outcome: 'exists', broker: { status: 'kept' } });
    expect(await connects(sn, 'pin-other')).toBe(false);
    expect(await connects(sn, 'pin-heal')).toBe(true);
  });

  it('a failed push keeps the database row and says so', async () => {
    const failing: BrokerDeviceAccounts = {
      upsert: () => Promise.reject(new Error('broker down')),
      remove: () => Promise.resolve(false),
      list: () => Promise.resolve([]),
      allowSparkplugNode: () => Promise.reject(new Error('broker down')),
      close: () => Promise.resolve(),
    };
    const sn = uniqueSn('FAIL');
    const report = await new BrokerRegistrySync(registry, failing).register({ sn, secret: 'pin-fail' });
    expect(report).toEqual({ outcome: 'created', broker: { status: 'failed', error: 'broker down' } });
    expect(await registry.authenticate(sn, 'pin-fail')).toBe('ok');
  });

  it('reconcile reports registered devices the broker has no account for', async () => {
    const sn = uniqueSn('MISS');
    await registry.add({ sn, secret: 'pin-miss' }); // the database only, as before this feature
    const stale = uniqueSn('STALE');
    await accounts.upsert(stale, 'x-secret');
    const warnings: object[] = [];
    const result = await sync.reconcile({ info: () => undefined, warn: (obj) => warnings.push(obj) });
    expect(result.deleted).toEqual([stale]);
    expect(result.missing).toContain(sn);
    expect(warnings).toEqual([expect.objectContaining({ sns: expect.arrayContaining([sn]) })]);
    expect(await admin.getClient(CLOUD.username)).toBeDefined();
    expect(await admin.getClient(broker.admin.username)).toBeDefined();
  });
});

describe('npm run devices:register with MQTT_DYNSEC_USER', () => {
  const run = async (entries: DeviceRegistration[], dynsecPassword = REGISTRY.password) => {
    const lines: string[] = [];
    const config = { ...server.config, mqttDynsec: { ...REGISTRY, password: dynsecPassword } };
    const code = await registerDevices(
      config,
      entries,
      { replaceSecret: false },
      { out: (l) => lines.push(l), err: (l) => lines.push(`ERR ${l}`) },
    );
    return { code, out: lines.join('\n') };
  };

  it('pushes each device; one the broker refuses is reported with exit code 1, nothing without the broker', async () => {
    const good = uniqueSn('CSV');
    // hmi-cloud is the server's own broker user: registered in the database, refused at the broker.
    const { code, out } = await run([
      { sn: good, secret: 'pin-csv-1' },
      { sn: CLOUD.username, secret: 'pin-csv-2' },
    ]);
    expect(out).toContain(`created: ${good}, broker account created`);
    expect(out).toMatch(new RegExp(`ERR created: ${CLOUD.username}; NOT at the broker: .*never a device`));
    expect(out).toContain('2 registered, 0 updated, 0 already registered, 0 failed, 1 not at the broker');
    expect(code).toBe(1);
    expect(await connects(good, 'pin-csv-1')).toBe(true);
    expect(await registry.authenticate(CLOUD.username, 'pin-csv-2')).toBe('ok');

    const unreachable = uniqueSn('NOBR');
    const refused = await run([{ sn: unreachable, secret: 'pin-nobr' }], 'wrong-password');
    expect(refused.out).toMatch(/cannot connect .* as hmi-registry[\s\S]*nothing registered/);
    expect(refused.code).toBe(1);
    expect(await registry.authenticate(unreachable, 'pin-nobr')).toBe('unknown');

    const ok = await run([{ sn: uniqueSn('OK'), secret: 'pin-ok-1' }]);
    expect(ok.code).toBe(0);
  });

  it('an edge node registered with --sparkplug publishes its own Sparkplug topics only, and the host hears it', async () => {
    const sn = uniqueSn('SPB');
    const [groupId, edgeNodeId] = [uniqueSn('G'), uniqueSn('E')];
    const lines: string[] = [];
    const code = await registerDevices(
      server.config,
      [{ sn, secret: 'pin-spb', kind: 'gateway' }],
      { replaceSecret: false, sparkplug: { groupId, edgeNodeId } },
      { out: (l) => lines.push(l), err: (l) => lines.push(l) },
    );
    expect(code, lines.join('\n')).toBe(0);
    const seen: string[] = [];
    const cloud = await broker.client({ clientId: uniqueSn('watch'), ...CLOUD });
    cloud.on('message', (topic) => seen.push(topic));
    await cloud.subscribeAsync('spBv1.0/#', { qos: 1 });
    const node = await broker.client({ clientId: sn, username: sn, password: 'pin-spb' });
    const birth = Buffer.from(
      encodePayload({ timestamp: Date.now(), seq: 0, metrics: [{ name: 'bdSeq', datatype: 8, value: '0' }] }),
    );
    await node.publishAsync(`spBv1.0/${groupId}/NBIRTH/${uniqueSn('OTHER')}`, birth, { qos: 1 });
    await node.publishAsync(`spBv1.0/${groupId}/NBIRTH/${edgeNodeId}`, birth, { qos: 1 });
    await eventually(
      async () => seen.includes(`spBv1.0/${groupId}/NBIRTH/${edgeNodeId}`),
      5000,
      'its NBIRTH',
    );
    expect(seen.filter((t) => t.includes('/NBIRTH/'))).toEqual([`spBv1.0/${groupId}/NBIRTH/${edgeNodeId}`]);
    expect((await node.subscribeAsync(`spBv1.0/${groupId}/NCMD/${edgeNodeId}`, { qos: 1 }))[0]?.qos).toBe(1);
    await expect(node.subscribeAsync('spBv1.0/#', { qos: 1 })).rejects.toThrow();
    // The server, the host application on this broker, took the birth: the node is online.
    const online = () =>
      server.app.db.selectFrom('devices').select('online').where('sn', '=', sn).executeTakeFirst();
    await eventually(async () => (await online())?.online === 1, 5000, 'the node online');
    await node.endAsync();
    await cloud.endAsync();
  });
});
