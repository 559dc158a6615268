import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceConfig } from '@hmi/domain';
import { simulatedIdentity, startSimulatedDevice, type SimulatedDeviceHandle } from '@hmi/simulator';
import { EmbeddedDeviceLink } from './embedded-device-link.ts';
import { MemoryDeviceRegistry } from './memory-device-registry.ts';
import { LinkRecorder, waitUntil } from './mqtt-test-helpers.ts';

/** The reference device (apps/simulator) against the real device broker: it must never be refused. */

let link: EmbeddedDeviceLink | undefined;
const devices: SimulatedDeviceHandle[] = [];

afterEach(async () => {
  for (const d of devices.splice(0)) await d.stop();
  await link?.stop();
});

const config: DeviceConfig = {
  templateId: 1,
  version: 2,
  tags: [
    { id: 10, name: 'speed', type: 7, rw: 0 },
    { id: 11, name: 'setpoint', type: 5, rw: 2 },
  ],
  alarms: [],
};

describe('simulator against the embedded broker', () => {
  it('speaks the protocol within the ACL: state, config ack, data, command response, will', async () => {
    const registry = new MemoryDeviceRegistry();
    const ids = [1, 2, 3].map((i) => simulatedIdentity('interop', i, i === 3 ? 'gateway' : 'hmi'));
    for (const id of ids) await registry.register(id.sn, id.secret);
    link = new EmbeddedDeviceLink({ registry, port: 0, host: '127.0.0.1', autoRegister: false });
    const rec = new LinkRecorder(link);
    await link.start();
    const url = `mqtt://127.0.0.1:${link.ports.mqtt}`;
    for (const id of ids) devices.push(await startSimulatedDevice({ url, ...id, rate: 20, kind: 'hmi' }));
    const [one] = devices;

    await waitUntil(() => ids.every((id) => rec.messagesOf(id.sn, 'state').length === 1), 5_000, 'states');
    await link.publishConfig(one!.sn, config);
    expect((await rec.nextMessage(one!.sn, 'config/ack')).payload).toEqual({ templateId: 1, version: 2 });
    const data = await rec.nextMessage(one!.sn, 'data');
    expect(Object.keys((data.payload as { v: object }).v).sort()).toEqual(['10', '11']);

    await link.sendCommand(one!.sn, { id: 'k1', op: 'settag', args: { tagId: 11, value: 1234 } });
    expect((await rec.nextMessage(one!.sn, 'cmd/resp')).payload).toMatchObject({ id: 'k1', ok: true });
    await waitUntil(() =>
      rec
        .messagesOf(one!.sn, 'data')
        .some((m) => (m.payload as { v: Record<string, unknown> }).v['11'] === 1234),
    );

    one!.crash();
    devices.shift();
    const will = await rec.nextMessage(one!.sn, 'state', 1);
    expect(will).toMatchObject({ payload: { online: false }, will: true });
    expect(rec.events.refused).toEqual([]);
    expect(rec.events.invalid).toEqual([]);
  });
});
