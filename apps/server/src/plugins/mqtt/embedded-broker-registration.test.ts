import { afterEach, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { deviceTopic } from '@hmi/domain';
import { EmbeddedDeviceLink, type EmbeddedDeviceLinkOptions } from './embedded-device-link.ts';
import { MemoryDeviceRegistry } from './memory-device-registry.ts';
import { connectDevice, connectedDevice, LinkRecorder, waitUntil } from './mqtt-test-helpers.ts';

/*
 * Trust on first use (DEVICE_AUTO_REGISTER): anyone may register an SN nobody has used yet, so
 * what such a device can cost is capped: self-registrations per address, and the retained state
 * kept for a device that no team has bound.
 */

const KNOWN = 'DEV-KNOWN-0001';
const KNOWN_SECRET = 'pin-known-1';
let link: EmbeddedDeviceLink;
let registry: MemoryDeviceRegistry;
let rec: LinkRecorder;
let url: string;
let clock = 1_700_000_000_000;
const clients: MqttClient[] = [];

async function startLink(options: Partial<EmbeddedDeviceLinkOptions> = {}) {
  registry = new MemoryDeviceRegistry();
  await registry.register(KNOWN, KNOWN_SECRET);
  link = new EmbeddedDeviceLink({
    registry,
    port: 0,
    host: '127.0.0.1',
    autoRegister: true,
    now: () => clock,
    ...options,
  });
  rec = new LinkRecorder(link);
  await link.start();
  url = `mqtt://127.0.0.1:${link.ports.mqtt}`;
}

async function device(sn: string, secret = `pin-${sn}`) {
  const client = await connectedDevice(url, sn, secret);
  clients.push(client);
  return client;
}

/** A valid online state of exactly `bytes` bytes (unknown fields are allowed, and ignored). */
function state(bytes: number): string {
  const base = JSON.stringify({ online: true, model: 'HMI-7', kind: 'hmi', pad: '' });
  return JSON.stringify({ online: true, model: 'HMI-7', kind: 'hmi', pad: 'x'.repeat(bytes - base.length) });
}

/** What the broker keeps retained under `pattern`: the broker's own store (a test-only look inside). */
async function retained(pattern: string): Promise<Map<string, number>> {
  const { aedes } = link as unknown as {
    aedes: {
      persistence: { createRetainedStream(p: string): AsyncIterable<{ topic: string; payload: Buffer }> };
    };
  };
  const kept = new Map<string, number>();
  for await (const packet of aedes.persistence.createRetainedStream(pattern)) {
    kept.set(packet.topic, packet.payload.length);
  }
  return kept;
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.end(true);
  await link?.stop();
});

describe('trust on first use: self-registrations per address', () => {
  it('registers at most DEVICE_AUTO_REGISTER_LIMIT new SNs per address and window; known devices still connect', async () => {
    await startLink({ limits: { autoRegisterLimit: { limit: 3, windowMs: 60_000 } } });
    for (let i = 1; i <= 3; i++) {
      const r = await connectDevice(url, `NEW-DEV-000${i}`, 'first-secret');
      expect(r.ok, `registration ${i}`).toBe(true);
      if (r.ok) r.client.end(true);
    }
    const fourth = await connectDevice(url, 'NEW-DEV-0004', 'first-secret');
    expect(fourth.ok || fourth.code).toBe(3);
    expect(registry.has('NEW-DEV-0004')).toBe(false);
    expect(rec.events.refused.at(-1)).toMatchObject({
      sn: 'NEW-DEV-0004',
      action: 'connect',
      reason: 'too many new devices from this address',
    });
    // Registered devices, new ones included, are not affected.
    await device(KNOWN, KNOWN_SECRET);
    await device('NEW-DEV-0001', 'first-secret');

    clock += 59_000;
    expect((await connectDevice(url, 'NEW-DEV-0005', 'first-secret')).ok).toBe(false);
    clock += 1_001;
    const later = await connectDevice(url, 'NEW-DEV-0005', 'first-secret');
    expect(later.ok).toBe(true);
    if (later.ok) later.client.end(true);
  });
});

describe('trust on first use: retained state of unbound devices', () => {
  it('keeps no large retained state for self-registered SNs, but still processes it', async () => {
    await startLink({
      limits: { unboundStateBytes: 2048, autoRegisterLimit: { limit: 100, windowMs: 60_000 } },
    });
    const big = state(250 * 1024);
    for (let i = 0; i < 20; i++) {
      const sn = `SQUAT-${String(i).padStart(4, '0')}`;
      const client = await device(sn);
      await client.publishAsync(deviceTopic(sn, 'state'), big, { qos: 1, retain: true });
      client.end(true);
    }
    const kept = await retained('hmi/v1/+/state');
    const total = [...kept.values()].reduce((a, b) => a + b, 0);
    console.log(
      `20 self-registered SNs published ${Math.round(big.length / 1024)} KiB retained states: ` +
        `${kept.size} retained, ${total} bytes kept`,
    );
    expect(total).toBe(0);
    // The cloud still got each state (online, model), marked not retained.
    expect(rec.messages.filter((m) => m.channel === 'state')).toHaveLength(20);
    expect(rec.messages.every((m) => !m.retained)).toBe(true);
  });

  it('retains a small state of an unbound device, and any state once the device is bound', async () => {
    await startLink({ limits: { unboundStateBytes: 2048 } });
    const sn = 'UNBOUND-0001';
    const a = await device(sn);
    await a.publishAsync(deviceTopic(sn, 'state'), state(2048), { qos: 1, retain: true });
    expect(await retained(deviceTopic(sn, 'state'))).toEqual(new Map([[deviceTopic(sn, 'state'), 2048]]));
    await a.publishAsync(deviceTopic(sn, 'state'), state(2049), { qos: 1, retain: true });
    expect(await retained(deviceTopic(sn, 'state'))).toEqual(new Map([[deviceTopic(sn, 'state'), 2048]]));

    registry.bind(sn);
    await a.publishAsync(deviceTopic(sn, 'state'), state(100_000), { qos: 1, retain: true });
    await waitUntil(() => rec.messagesOf(sn, 'state').length === 3);
    expect(await retained(deviceTopic(sn, 'state'))).toEqual(new Map([[deviceTopic(sn, 'state'), 100_000]]));
    expect(rec.messagesOf(sn, 'state').map((m) => m.retained)).toEqual([true, false, true]);
  });
});
