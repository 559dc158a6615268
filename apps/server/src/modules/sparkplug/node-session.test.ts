import { describe, expect, it } from 'vitest';
import { DataType } from '@hmi/domain/sparkplug';
import { BirthScope, NodeSession } from './node-session.ts';

const metrics = [
  { name: 'a', alias: '1', datatype: DataType.Int8 },
  { name: 'b', datatype: DataType.Double },
];

describe('NodeSession', () => {
  it('follows seq 0-255 wrapping and reports a gap once', () => {
    const s = new NodeSession();
    s.nodeBirth('3', 0, metrics);
    for (let seq = 1; seq <= 255; seq++) expect(s.sequence(seq)).toBe(true);
    expect(s.sequence(0)).toBe(true); // wrapped
    expect(s.sequence(5)).toBe(false); // 1 expected
    expect(s.sequence(6)).toBe(true); // follows the message that made the gap
    expect(s.sequence(undefined)).toBe(false);
    expect(s.sequence(256)).toBe(false);
  });

  it('takes a death of its bdSeq, ignores a stale one, and takes any death with no birth known', () => {
    const s = new NodeSession();
    expect(s.isStaleDeath('9')).toBe(false);
    s.nodeBirth('4', 0, metrics);
    expect(s.isStaleDeath('3')).toBe(true);
    expect(s.isStaleDeath(undefined)).toBe(true);
    expect(s.isStaleDeath('4')).toBe(false);
    s.death();
    expect(s.born).toBe(false);
    expect(s.isStaleDeath('3')).toBe(false);
  });

  it('asks for a rebirth at most once per gap until the next birth or death', () => {
    const s = new NodeSession();
    expect(s.rebirthDue(1_000, 5_000)).toBe(true);
    expect(s.rebirthDue(2_000, 5_000)).toBe(false);
    expect(s.rebirthDue(6_001, 5_000)).toBe(true);
    s.nodeBirth('0', 0, metrics);
    expect(s.rebirthDue(6_002, 5_000)).toBe(true);
    s.death();
    expect(s.rebirthDue(6_003, 5_000)).toBe(true);
  });

  it('a new NBIRTH forgets the devices born before it', () => {
    const s = new NodeSession();
    s.nodeBirth('0', 0, metrics);
    s.deviceBirth('d1', metrics);
    s.sns.set('d1', 'SN-d1');
    s.nodeBirth('1', 0, metrics);
    expect(s.scopes.has('d1')).toBe(false);
    expect(s.sns.has('d1')).toBe(false);
  });
});

describe('BirthScope', () => {
  it('resolves by alias when given, else by name, and types data metrics from the birth', () => {
    const scope = new BirthScope(metrics);
    expect(scope.resolve({ alias: '1' })?.name).toBe('a');
    expect(scope.resolve({ alias: '2', name: 'a' })).toBeUndefined(); // an alias wins, even unknown
    expect(scope.resolve({ name: 'b' })?.datatype).toBe(DataType.Double);
    expect(scope.typeOf('1', undefined)).toBe(DataType.Int8);
    expect(scope.typeOf(undefined, 'b')).toBe(DataType.Double);
    expect(scope.typeOf(undefined, 'zz')).toBeUndefined();
  });
});
