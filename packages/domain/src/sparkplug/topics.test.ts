import { describe, expect, it } from 'vitest';
import { SpbError } from './spb-error.ts';
import {
  decodeState,
  encodeState,
  parseSpbTopic,
  spbTopic,
  stateTopic,
  type SpbMessageType,
  type SpbTopic,
} from './topics.ts';

describe('Sparkplug topics', () => {
  it.each<[string, SpbTopic | { state: string }]>([
    ['spBv1.0/G/NBIRTH/E', { groupId: 'G', messageType: 'NBIRTH', edgeNodeId: 'E' }],
    ['spBv1.0/Plant A/NDEATH/edge-1', { groupId: 'Plant A', messageType: 'NDEATH', edgeNodeId: 'edge-1' }],
    ['spBv1.0/G/NDATA/E', { groupId: 'G', messageType: 'NDATA', edgeNodeId: 'E' }],
    ['spBv1.0/G/NCMD/E', { groupId: 'G', messageType: 'NCMD', edgeNodeId: 'E' }],
    ['spBv1.0/G/DBIRTH/E/D', { groupId: 'G', messageType: 'DBIRTH', edgeNodeId: 'E', deviceId: 'D' }],
    ['spBv1.0/G/DDEATH/E/D', { groupId: 'G', messageType: 'DDEATH', edgeNodeId: 'E', deviceId: 'D' }],
    ['spBv1.0/G/DDATA/E/D', { groupId: 'G', messageType: 'DDATA', edgeNodeId: 'E', deviceId: 'D' }],
    ['spBv1.0/G/DCMD/E/Pump 1', { groupId: 'G', messageType: 'DCMD', edgeNodeId: 'E', deviceId: 'Pump 1' }],
    ['spBv1.0/STATE/host', { state: 'host' }],
  ])('parses %s', (topic, parsed) => {
    expect(parseSpbTopic(topic)).toEqual(parsed);
    if ('state' in parsed) expect(stateTopic(parsed.state)).toBe(topic);
    else expect(spbTopic(parsed)).toBe(topic);
  });

  it.each([
    'spBv1.0/G/NBIRTH',
    'spBv1.0/G/NBIRTH/E/D',
    'spBv1.0/G/DDATA/E',
    'spBv1.0/G/DDATA/E/D/X',
    'spBv1.0/G/NBIRTH/',
    'spBv1.0//NBIRTH/E',
    'spBv1.0/G/DDATA/E/',
    'spBv1.0/G/+/E',
    'spBv1.0/+/NDATA/E',
    'spBv1.0/G/NDATA/#',
    'spBv1.0/G/DDATA/E/a+b',
    'spBv1.0/G/NSTATE/E',
    'spBv1.0/G/ndata/E',
    'spBv1.0/STATE',
    'spBv1.0/STATE/',
    'spBv1.0/STATE/#',
    'spBv1.0/OTHER/host',
    'spAv1.0/G/NBIRTH/E',
    'hmi/v1/SN1/state',
    '',
  ])('refuses %j', (topic) => {
    expect(parseSpbTopic(topic)).toBeNull();
  });

  it.each<SpbTopic>([
    { groupId: 'G', messageType: 'NDATA', edgeNodeId: 'E', deviceId: 'D' },
    { groupId: 'G', messageType: 'DDATA', edgeNodeId: 'E' },
    { groupId: '', messageType: 'NDATA', edgeNodeId: 'E' },
    { groupId: 'G', messageType: 'NDATA', edgeNodeId: 'a/b' },
    { groupId: 'G', messageType: 'DCMD', edgeNodeId: 'E', deviceId: '+' },
    { groupId: 'G', messageType: 'STATE' as SpbMessageType, edgeNodeId: 'E' },
  ])('refuses to format %j', (topic) => {
    expect(() => spbTopic(topic)).toThrow(SpbError);
  });

  it('refuses an invalid host id', () => {
    expect(() => stateTopic('')).toThrow(SpbError);
    expect(() => stateTopic('a/b')).toThrow(SpbError);
  });
});

describe('STATE payload', () => {
  it('encodes the 3.0 JSON', () => {
    expect(encodeState(true, 1700000000000)).toBe('{"online":true,"timestamp":1700000000000}');
    expect(encodeState(false, 5)).toBe('{"online":false,"timestamp":5}');
  });

  it('decodes from text and bytes', () => {
    expect(decodeState('{"online":false,"timestamp":1700000000000}')).toEqual({
      online: false,
      timestamp: 1700000000000,
    });
    const bytes = new TextEncoder().encode(encodeState(true, 42));
    expect(decodeState(bytes)).toEqual({ online: true, timestamp: 42 });
    expect(decodeState(Buffer.from(bytes))).toEqual({ online: true, timestamp: 42 });
  });

  it.each<string | Uint8Array>([
    'ONLINE',
    'OFFLINE',
    '',
    'null',
    '[]',
    '{"online":"true","timestamp":1}',
    '{"online":true}',
    '{"online":true,"timestamp":"1"}',
    '{"online":true,"timestamp":-1}',
    '{"online":true,"timestamp":1.5}',
    new Uint8Array([0x7b, 0xff, 0x7d]),
  ])('refuses %j', (payload) => {
    expect(decodeState(payload)).toBeNull();
  });
});
