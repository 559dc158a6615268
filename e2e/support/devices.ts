import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import {
  simulatedIdentity,
  startSimulatedDevice,
  type SimulatedDeviceHandle,
  type SimulatedDeviceOptions,
} from '../../apps/simulator/src/index.ts';
import { freePort, startServer, type RunningServer } from './server.ts';

/**
 * Tests that drive simulated devices: a server of their own (they must know the embedded
 * broker's port the devices connect to), signed-in API calls for the seeding steps, and a
 * simulated device bound to the account.
 */
export interface DeviceServer extends RunningServer {
  brokerUrl: string;
}

/** Starts a server on free ports and returns it with the URL of its embedded MQTT broker. */
export async function startDeviceServer(env: Record<string, string> = {}): Promise<DeviceServer> {
  const mqttPort = await freePort();
  const server = await startServer({ MQTT_PORT: String(mqttPort), ...env });
  return Object.assign(server, { brokerUrl: `mqtt://127.0.0.1:${mqttPort}` });
}

interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/** A signed-in API call of the seeding steps; fails the test on any code but 0. */
export async function api<T>(
  base: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/v1${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const reply = (await res.json()) as Envelope<T>;
  expect(reply.code, `${path}: ${JSON.stringify(reply)}`).toBe(0);
  return reply.data;
}

export interface BoundDevice {
  sim: SimulatedDeviceHandle;
  sn: string;
  secret: string;
  /** The device id of the console. */
  id: number;
  boundAt: number;
}

export interface BindOptions {
  server: DeviceServer;
  token: string;
  /** Fields of /device/bind beyond SN and PIN (name, template_id, group_id, label_ids...). */
  bind: Record<string, unknown> & { name: string };
  /** Simulator options (rate, keepalive, kind...); the test's own seed keeps SNs apart. */
  device?: Partial<Omit<SimulatedDeviceOptions, 'url' | 'sn' | 'secret'>>;
  seed?: string;
  index?: number;
  /** Wait until the device has applied the template the binding sends it (when bound with one). */
  waitConfig?: boolean;
}

/** Starts a simulated device (it registers itself on first use) and binds it through the API. */
export async function bindSimulatedDevice(o: BindOptions): Promise<BoundDevice> {
  const kind = o.device?.kind ?? 'hmi';
  const { sn, secret } = simulatedIdentity(
    o.seed ?? `e2e-${randomBytes(4).toString('hex')}`,
    o.index ?? 1,
    kind,
  );
  const sim = await startSimulatedDevice({
    keepalive: 10,
    ...o.device,
    url: o.server.brokerUrl,
    sn,
    secret,
    kind,
  });
  try {
    const configured = o.waitConfig ? sim.nextConfig() : undefined;
    const bound = await api<{ id: number; bound_at: number }>(o.server.url, o.token, 'POST', '/device/bind', {
      sn,
      pin: secret,
      ...o.bind,
    });
    await configured;
    return { sim, sn, secret, id: bound.id, boundAt: bound.bound_at };
  } catch (err) {
    await sim.stop().catch(() => undefined);
    throw err;
  }
}
