import { describe, expect, it } from 'vitest';
import {
  roleNameSchema,
  validateRoleName,
  validateZoneName,
  zoneNameSchema,
} from './team-names.validation.ts';

const keyOf = (r: { ok: boolean; key?: string }) => (r.ok ? null : r.key);

describe('validateRoleName', () => {
  it.each([
    ['a', null],
    ['x'.repeat(10), null],
    ['管理员管理员管理员管', null],
    ['x'.repeat(11), 'validation.roleName.length'],
    ['ad\u007fmin', 'validation.text.controlChars'],
    ['', 'validation.roleName.required'],
    [' ', 'validation.roleName.required'],
  ])('%j -> %s', (name, key) => {
    expect(keyOf(validateRoleName(name))).toBe(key);
    expect(roleNameSchema.safeParse(name).success).toBe(key === null);
  });
});

describe('validateZoneName', () => {
  it.each([
    ['Zone1', null],
    ['abc', null],
    ['123', null],
    ['', 'validation.zoneName.required'],
    ['zone 1', 'validation.zoneName.chars'],
    ['zone_1', 'validation.zoneName.chars'],
    ['zone-1', 'validation.zoneName.chars'],
    ['区域1', 'validation.zoneName.chars'],
    ['z'.repeat(32), null],
    ['z'.repeat(33), 'validation.zoneName.length'],
  ])('%j -> %s', (name, key) => {
    expect(keyOf(validateZoneName(name))).toBe(key);
    expect(zoneNameSchema.safeParse(name).success).toBe(key === null);
  });
});
