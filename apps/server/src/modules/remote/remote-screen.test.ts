import { Perm, TunnelCloseCode, type RemoteSession } from '@hmi/domain';
import { startSimulatedDevice, type SimulatedDeviceHandle } from '@hmi/simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { eventually } from '../ingest/live-data-test-helpers.ts';
import { clientSocket, withTraffic, type TunnelClient } from './remote-test-helpers.ts';

/*
 * The view-only guard against the simulator's real RFB screen (issue 23 item 1), through HTTP and
 * the simulator's tunnel: a member holding only hmi-check 48 gets a view session; the frame of
 * the issue ("RFB 003.005\n" 02 | press (400, 230) | release | 02 00 00 00 | 00) must not press
 * the HMI's PUSH button. The control: the main account's operate session pressing the same
 * point does press it (the test sees a press when there is one).
 */
let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
const devices: SimulatedDeviceHandle[] = [];
const clients: TunnelClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({});
  main = await createActiveUser(server);
});
afterEach(async () => {
  clients.splice(0).forEach((c) => c.ws.terminate());
  await Promise.all(devices.splice(0).map((d) => d.stop().catch(() => undefined)));
});
afterAll(async () => server?.close());

/** A simulated HMI bound to the main account's team, online, with traffic; its log lines. */
async function simulatedHmi() {
  const bound = await buildDevice(server, main.tokens.token);
  const lines: string[] = [];
  const device = await startSimulatedDevice({
    url: server.app.deviceMqttUrl,
    sn: bound.sn,
    secret: bound.secret,
    firmware: '3.0.0',
    rate: 0.2,
    log: (l) => lines.push(l),
  });
  devices.push(device);
  await eventually(
    () =>
      server.app.db
        .selectFrom('devices')
        .select('online')
        .where('id', '=', bound.id)
        .executeTakeFirstOrThrow(),
    (d) => d.online === 1,
    'online',
  );
  await withTraffic(server, main.tokens.token, bound.id);
  return { id: bound.id, pressed: () => lines.some((l) => l.includes('PUSH pressed')) };
}

async function screen(token: string, deviceId: number, mode: 'view' | 'operate') {
  const res = await server.call<RemoteSession>('POST', '/remote/open', {
    token,
    body: { device_id: deviceId },
  });
  expect(res.body.code).toBe(0);
  expect(res.body.data.mode).toBe(mode);
  const c = await clientSocket(server, res.body.data);
  clients.push(c);
  await c.until(12); // the server's ProtocolVersion
  expect(c.received.subarray(0, 12).toString('latin1')).toBe('RFB 003.008\n');
  return c;
}

const latin = (s: string) => Buffer.from(s, 'latin1');
const press = Buffer.from([0x05, 0x01, 0x01, 0x90, 0x00, 0xe6]);
const release = Buffer.from([0x05, 0x00, 0x01, 0x90, 0x00, 0xe6]);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('remote screen: a view session cannot press the HMI', () => {
  it('the attack of the issue ("RFB 003.005\\n" 02 + PointerEvents) ends the tunnel; nothing is pressed', async () => {
    const hmi = await simulatedHmi();
    const viewer = await createSubAccount(server, main, {
      permissions: [Perm.DeviceHmiCheck],
      deviceIds: [hmi.id],
    });
    const c = await screen(viewer.tokens.token, hmi.id, 'view');
    c.ws.send(
      Buffer.concat([
        latin('RFB 003.005\n'),
        Buffer.from([0x02]),
        press,
        release,
        Buffer.from([2, 0, 0, 0, 0]),
      ]),
    );
    expect(await c.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'error' });
    await pause(300);
    expect(hmi.pressed()).toBe(false);
  });

  it('a proper 3.8 view handshake pressing the button: dropped; the operator pressing it: pressed', async () => {
    const hmi = await simulatedHmi();
    const viewer = await createSubAccount(server, main, {
      permissions: [Perm.DeviceHmiCheck],
      deviceIds: [hmi.id],
    });
    const handshake = async (c: TunnelClient) => {
      c.ws.send(latin('RFB 003.008\n'));
      await c.until(12 + 2); // security types: [1, None]
      c.ws.send(Buffer.from([1]));
      await c.until(12 + 2 + 4); // SecurityResult OK
      c.ws.send(Buffer.from([0])); // ClientInit
      await c.until(12 + 2 + 4 + 24); // ServerInit (and the name)
    };
    const view = await screen(viewer.tokens.token, hmi.id, 'view');
    await handshake(view);
    view.ws.send(Buffer.concat([press, release]));
    await pause(500);
    expect(hmi.pressed()).toBe(false);
    view.ws.close();

    const operate = await screen(main.tokens.token, hmi.id, 'operate');
    await handshake(operate);
    operate.ws.send(Buffer.concat([press, release]));
    await eventually(
      async () => hmi.pressed(),
      (p) => p,
      'PUSH pressed by the operator',
    );
  });
});
