import { describe, expect, it } from 'vitest';
import type { DeviceConfig } from './device-payloads.ts';
import {
  commandEnvelopeSchema,
  dataSamples,
  decodeDevicePayload,
  deviceCommandSchema,
  deviceConfigSchema,
  encodeDevicePayload,
  MAX_DEVICE_PAYLOAD_BYTES,
} from './device-payloads.ts';

const ok = <T>(r: { ok: true; payload: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.payload;
};

describe('state', () => {
  it('accepts the online form and strips unknown keys', () => {
    const s = ok(
      decodeDevicePayload(
        'state',
        '{"online":true,"model":"HMI-7","kind":"hmi","firmware":"1.2.3","ip":"10.0.0.5","extra":1}',
      ),
    );
    expect(s).toEqual({ online: true, model: 'HMI-7', kind: 'hmi', firmware: '1.2.3', ip: '10.0.0.5' });
  });

  it('keeps the state but cleans control characters and lone surrogates out of what the device reports', () => {
    const s = ok(
      decodeDevicePayload(
        'state',
        '{"online":true,"model":"HMI\\u0000-7\\u001b[2J","firmware":"1.2\\u0007.3\\ud800","ip":"10.0.0.5\\n\\u0085"}',
      ),
    );
    expect(s).toEqual({ online: true, model: 'HMI-7[2J', firmware: '1.2.3\ufffd', ip: '10.0.0.5' });
  });

  it('accepts the Last Will form', () => {
    expect(ok(decodeDevicePayload('state', '{"online":false}'))).toEqual({ online: false });
  });

  it.each([
    ['{"online":"yes"}'],
    ['{"online":1}'],
    ['{"online":true,"kind":"plc"}'],
    ['{}'],
    ['[]'],
    ['not json'],
    [''],
  ])('refuses %j', (raw) => {
    expect(decodeDevicePayload('state', raw).ok).toBe(false);
  });

  it('refuses invalid UTF-8 and oversize payloads', () => {
    expect(decodeDevicePayload('state', new Uint8Array([0x7b, 0xff, 0x7d])).ok).toBe(false);
    const big = new Uint8Array(MAX_DEVICE_PAYLOAD_BYTES + 1).fill(0x20);
    expect(decodeDevicePayload('state', big)).toEqual({
      ok: false,
      error: expect.stringContaining('larger'),
    });
  });
});

describe('config and ack', () => {
  const config: DeviceConfig = {
    templateId: 7,
    version: 3,
    tags: [
      { id: 1, name: 'speed', type: 7, rw: 2, unit: 'rpm', decimals: 1 },
      { id: 2, name: 'recipe', type: 9, rw: 0 },
    ],
    alarms: [{ id: 1, name: 'overspeed', tagId: 1, type: 2, level: 8, value: 1500 }],
  };

  it('round-trips a config', () => {
    expect(ok(decodeDevicePayload('config', encodeDevicePayload('config', config)))).toEqual(config);
  });

  it('defaults alarms and accepts a null template', () => {
    expect(deviceConfigSchema.parse({ templateId: null, version: 0, tags: [] })).toEqual({
      templateId: null,
      version: 0,
      tags: [],
      alarms: [],
    });
  });

  it.each([
    ['unknown data type', { ...config, tags: [{ id: 1, name: 'x', type: 10, rw: 0 }] }],
    ['unknown rw type', { ...config, tags: [{ id: 1, name: 'x', type: 0, rw: 3 }] }],
    ['negative version', { ...config, version: -1 }],
    ['fractional version', { ...config, version: 1.5 }],
    ['combined alarm flags', { ...config, alarms: [{ ...config.alarms[0]!, type: 3 }] }],
    ['unknown alarm level', { ...config, alarms: [{ ...config.alarms[0]!, level: 3 }] }],
  ])('refuses a config with %s', (_name, bad) => {
    expect(deviceConfigSchema.safeParse(bad).success).toBe(false);
  });

  it('accepts an ack and refuses one without a version', () => {
    expect(ok(decodeDevicePayload('config/ack', '{"templateId":7,"version":3}'))).toEqual({
      templateId: 7,
      version: 3,
    });
    expect(decodeDevicePayload('config/ack', '{"templateId":7}').ok).toBe(false);
  });
});

describe('data', () => {
  it('accepts a single sample', () => {
    const d = ok(
      decodeDevicePayload('data', '{"ts":1700000000000,"v":{"1":12.5,"2":"RCP-A","3":true,"4":null}}'),
    );
    expect(dataSamples(d)).toEqual([
      { ts: 1700000000000, v: { '1': 12.5, '2': 'RCP-A', '3': true, '4': null } },
    ]);
  });

  it('accepts a backfill array with hist', () => {
    const raw = JSON.stringify([
      { ts: 1, v: { '1': 1 }, hist: true },
      { ts: 2, v: { '1': 2 }, hist: true },
    ]);
    const d = ok(decodeDevicePayload('data', raw));
    expect(dataSamples(d)).toHaveLength(2);
    expect(dataSamples(d).every((s) => s.hist)).toBe(true);
  });

  it.each([
    ['a key that is not a tag id', '{"ts":1,"v":{"speed":1}}'],
    ['a negative timestamp', '{"ts":-1,"v":{}}'],
    ['a fractional timestamp', '{"ts":1.5,"v":{}}'],
    ['an object value', '{"ts":1,"v":{"1":{"a":1}}}'],
    ['an empty array', '[]'],
    ['no values', '{"ts":1}'],
  ])('refuses %s', (_name, raw) => {
    expect(decodeDevicePayload('data', raw).ok).toBe(false);
  });
});

describe('cmd and cmd/resp', () => {
  it('parses every known op', () => {
    expect(deviceCommandSchema.parse({ id: 'c1', op: 'settag', args: { tagId: 1, value: 3 } }).op).toBe(
      'settag',
    );
    expect(deviceCommandSchema.parse({ id: 'c2', op: 'switch_page', args: { page: 2 } }).op).toBe(
      'switch_page',
    );
    expect(
      deviceCommandSchema.parse({
        id: 'c3',
        op: 'tunnel_open',
        args: { tunnelId: 't', url: 'ws://h/v1/ws/tunnel-device/t', token: 'k', target: 'vnc' },
      }).op,
    ).toBe('tunnel_open');
    expect(deviceCommandSchema.parse({ id: 'c4', op: 'tunnel_close', args: { tunnelId: 't' } }).op).toBe(
      'tunnel_close',
    );
    expect(deviceCommandSchema.parse({ id: 'c5', op: 'rebirth' })).toEqual({
      id: 'c5',
      op: 'rebirth',
      args: {},
    });
  });

  it('refuses unknown ops and bad args, but the envelope still carries the id', () => {
    expect(deviceCommandSchema.safeParse({ id: 'c1', op: 'reboot', args: {} }).success).toBe(false);
    expect(deviceCommandSchema.safeParse({ id: 'c1', op: 'settag', args: { value: 1 } }).success).toBe(false);
    expect(commandEnvelopeSchema.parse({ id: 'c1', op: 'reboot' })).toEqual({
      id: 'c1',
      op: 'reboot',
      args: {},
    });
  });

  it('parses responses', () => {
    expect(ok(decodeDevicePayload('cmd/resp', '{"id":"c1","ok":false,"code":1}'))).toEqual({
      id: 'c1',
      ok: false,
      code: 1,
    });
    expect(ok(decodeDevicePayload('cmd/resp', '{"id":"c1","ok":true,"result":{"x":1}}'))).toEqual({
      id: 'c1',
      ok: true,
      result: { x: 1 },
    });
    expect(decodeDevicePayload('cmd/resp', '{"id":"c1"}').ok).toBe(false);
  });

  it('refuses to encode an invalid command', () => {
    expect(() => encodeDevicePayload('cmd', { id: '', op: 'rebirth', args: {} })).toThrow();
  });
});
