import { describe, expect, it } from 'vitest';
import { DEFAULT_BROKER_LIMITS } from './broker-limits.ts';
import { createDeviceLink, readDeviceLinkEnv } from './device-link-settings.ts';
import { MemoryDeviceRegistry } from './memory-device-registry.ts';

const base = { mqttUrl: undefined, mqttPort: 1883, deviceAutoRegister: true };

describe('device link settings', () => {
  it('has the documented defaults', () => {
    expect(readDeviceLinkEnv(base, {})).toEqual({
      mqttUrl: undefined,
      mqttPort: 1883,
      host: undefined,
      tls: undefined,
      autoRegister: true,
      reconnectLimit: { limit: 15, windowMs: 60_000, blockMs: 300_000 },
      limits: DEFAULT_BROKER_LIMITS,
      shareGroup: 'hmi-cloud',
      clientId: undefined,
    });
  });

  it('reads TLS and the limits', () => {
    const s = readDeviceLinkEnv(base, {
      MQTT_TLS_CERT: '/c.pem',
      MQTT_TLS_KEY: '/k.pem',
      MQTT_TLS_PORT: '9883',
      MQTT_RECONNECT_LIMIT: '5',
      MQTT_RECONNECT_WINDOW: '10',
      MQTT_RECONNECT_BLOCK: '20',
    });
    expect(s.tls).toEqual({ port: 9883, certFile: '/c.pem', keyFile: '/k.pem' });
    expect(s.reconnectLimit).toEqual({ limit: 5, windowMs: 10_000, blockMs: 20_000 });
  });

  it.each([
    [{ MQTT_TLS_CERT: '/c.pem' }, 'MQTT_TLS_CERT'],
    [{ MQTT_SHARE_GROUP: 'a/b' }, 'MQTT_SHARE_GROUP'],
    [{ MQTT_RECONNECT_LIMIT: '0' }, 'MQTT_RECONNECT_LIMIT'],
  ])('names the variable in errors: %j', (env, name) => {
    expect(() => readDeviceLinkEnv(base, env)).toThrow(name);
  });

  it('chooses the external adapter when MQTT_URL is set', () => {
    const registry = new MemoryDeviceRegistry();
    expect(createDeviceLink(readDeviceLinkEnv(base, {}), registry).kind).toBe('embedded');
    expect(
      createDeviceLink(readDeviceLinkEnv({ ...base, mqttUrl: 'mqtt://broker:1883' }, {}), registry).kind,
    ).toBe('external');
  });
});
