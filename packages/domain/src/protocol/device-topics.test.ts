import { describe, expect, it } from 'vitest';
import {
  cloudUplinkSubscriptions,
  deviceTopic,
  deviceTopicPrefix,
  parseDeviceTopic,
  uplinkChannels,
  downlinkChannels,
  deviceChannels,
} from './device-topics.ts';
import { isSerialNumber } from './serial-number.ts';

describe('serial numbers', () => {
  it.each([
    ['ABCD', true],
    ['hmi-0001_x', true],
    ['a'.repeat(64), true],
    ['abc', false],
    ['a'.repeat(65), false],
    ['ab/cd', false],
    ['ab+cd', false],
    ['ab#cd', false],
    ['$SYS', false],
    ['ab cd', false],
    ['abcé', false],
    ['', false],
  ])('%j valid: %s', (sn, valid) => {
    expect(isSerialNumber(sn)).toBe(valid);
  });

  it('refuses non-strings', () => {
    expect(isSerialNumber(12345)).toBe(false);
    expect(isSerialNumber(null)).toBe(false);
  });
});

describe('device topics', () => {
  it('builds topics under the device prefix', () => {
    expect(deviceTopicPrefix('SN0001')).toBe('hmi/v1/SN0001/');
    expect(deviceTopic('SN0001', 'state')).toBe('hmi/v1/SN0001/state');
    expect(deviceTopic('SN0001', 'config/ack')).toBe('hmi/v1/SN0001/config/ack');
  });

  it.each(['SN/1', '+', '#', 'S+N1', 'abc', ''])('refuses to build a topic for the SN %j', (sn) => {
    expect(() => deviceTopic(sn, 'state')).toThrow(RangeError);
  });

  it('round-trips every channel', () => {
    for (const channel of deviceChannels) {
      expect(parseDeviceTopic(deviceTopic('dev_42', channel))).toEqual({ sn: 'dev_42', channel });
    }
  });

  it.each([
    'hmi/v1/SN0001',
    'hmi/v1/SN0001/',
    'hmi/v1/SN0001/unknown',
    'hmi/v1/SN0001/state/extra',
    'hmi/v1/SN0001/config/ack/x',
    'hmi/v1/+/state',
    'hmi/v1/#',
    'hmi/v1/SN0001/#',
    'hmi/v1/SN0001/+',
    'hmi/v2/SN0001/state',
    '/hmi/v1/SN0001/state',
    '$SYS/broker/clients',
    'hmi/v1/S/state',
    'hmi/v1//state',
  ])('does not parse %j', (topic) => {
    expect(parseDeviceTopic(topic)).toBeNull();
  });

  it('splits channels by direction without overlap', () => {
    expect([...uplinkChannels, ...downlinkChannels].sort()).toEqual([...deviceChannels].sort());
    expect(uplinkChannels.filter((c) => (downlinkChannels as readonly string[]).includes(c))).toEqual([]);
  });

  it('makes shared subscriptions for every uplink channel', () => {
    expect(cloudUplinkSubscriptions()).toEqual([
      '$share/hmi-cloud/hmi/v1/+/state',
      '$share/hmi-cloud/hmi/v1/+/config/ack',
      '$share/hmi-cloud/hmi/v1/+/data',
      '$share/hmi-cloud/hmi/v1/+/cmd/resp',
    ]);
    expect(cloudUplinkSubscriptions('g2')[0]).toBe('$share/g2/hmi/v1/+/state');
    expect(() => cloudUplinkSubscriptions('a/b')).toThrow(RangeError);
    expect(() => cloudUplinkSubscriptions('#')).toThrow(RangeError);
  });
});
