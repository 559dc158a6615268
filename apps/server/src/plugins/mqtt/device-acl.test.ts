import { describe, expect, it } from 'vitest';
import { authorizeDevicePublish, authorizeDeviceSubscribe, authorizeDeviceWill } from './device-acl.ts';

const SN = 'HMI-0001';

describe('device publish rule', () => {
  it.each([
    ['hmi/v1/HMI-0001/state', true, true],
    ['hmi/v1/HMI-0001/state', false, true],
    ['hmi/v1/HMI-0001/data', false, true],
    ['hmi/v1/HMI-0001/config/ack', false, true],
    ['hmi/v1/HMI-0001/cmd/resp', false, true],
    ['hmi/v1/HMI-0001/data', true, false],
    ['hmi/v1/HMI-0001/config', false, false],
    ['hmi/v1/HMI-0001/cmd', false, false],
    ['hmi/v1/HMI-0002/data', false, false],
    ['hmi/v1/HMI-0001/data/x', false, false],
    ['$SYS/x', false, false],
    ['hmi/v1/HMI-0001', false, false],
  ])('%s retain=%s -> %s', (topic, retain, ok) => {
    expect(authorizeDevicePublish(SN, topic, retain).ok).toBe(ok);
  });

  it('refuses everything for a client id that is not an SN', () => {
    expect(authorizeDevicePublish('a/b', 'hmi/v1/a/b/state', false).ok).toBe(false);
  });
});

describe('device subscribe rule', () => {
  it.each([
    ['hmi/v1/HMI-0001/config', true],
    ['hmi/v1/HMI-0001/cmd', true],
    ['hmi/v1/HMI-0001/#', false],
    ['hmi/v1/HMI-0001/+', false],
    ['hmi/v1/+/config', false],
    ['#', false],
    ['+/v1/HMI-0001/config', false],
    ['$SYS/#', false],
    ['$share/g/hmi/v1/HMI-0001/config', false],
    ['hmi/v1/HMI-0002/config', false],
    ['hmi/v1/HMI-0001/state', false],
    ['hmi/v1/HMI-0001/cmd/resp', false],
  ])('%s -> %s', (filter, ok) => {
    expect(authorizeDeviceSubscribe(SN, filter).ok).toBe(ok);
  });
});

describe('device will rule', () => {
  it.each([
    ['hmi/v1/HMI-0001/state', '{"online":false}', true],
    ['hmi/v1/HMI-0001/state', '{"online":true}', false],
    ['hmi/v1/HMI-0001/state', 'bye', false],
    ['hmi/v1/HMI-0002/state', '{"online":false}', false],
    ['hmi/v1/HMI-0001/data', '{"online":false}', false],
  ])('%s %s -> %s', (topic, payload, ok) => {
    expect(authorizeDeviceWill(SN, { topic, payload }).ok).toBe(ok);
  });
});
