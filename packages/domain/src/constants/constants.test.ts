import { describe, expect, it } from 'vitest';
import { Limits } from './limits.constants.ts';
import {
  isRegion,
  PHONE_AREA_CODES,
  RegisterMethod,
  regionLabels,
  regions,
  regionSchema,
} from './regions.constants.ts';
import { DEVICE_NAME_RESERVED_WORDS, RESERVED_RECIPE_NAMES } from './reserved-names.constants.ts';
import { CardKind, CardStatus, InvitationOutcome, OnlineState, SyncState } from './states.constants.ts';

describe('states', () => {
  it('online and sync states', () => {
    expect(OnlineState).toEqual({ Offline: 0, Online: 1 });
    expect(SyncState).toEqual({ Pending: 0, Synced: 1 });
  });

  it('card statuses and kinds, invitation outcomes are distinct', () => {
    expect(new Set(Object.values(CardStatus)).size).toBe(3);
    expect(Object.values(CardKind)).toEqual(['ca', 'ra']);
    expect(Object.keys(InvitationOutcome)).toEqual([
      'Pending',
      'Accepted',
      'Rejected',
      'Cancelled',
      'Voided',
    ]);
    expect(new Set(Object.values(InvitationOutcome)).size).toBe(5);
  });
});

describe('regions', () => {
  it('cn, in, eu with labels', () => {
    expect(regions).toEqual(['cn', 'in', 'eu']);
    expect(regionLabels).toEqual({ cn: 'china', in: 'india', eu: 'europe' });
    expect(PHONE_AREA_CODES).toEqual(['+86']);
    expect(Object.values(RegisterMethod)).toEqual(['phone', 'mail']);
  });

  it.each([
    ['cn', true],
    ['eu', true],
    ['us', false],
    ['CN', false],
    [1, false],
  ])('isRegion(%j) = %s', (value, expected) => {
    expect(isRegion(value)).toBe(expected);
    expect(regionSchema.safeParse(value).success).toBe(expected);
  });
});

describe('reserved names', () => {
  it('recipe names', () => {
    expect(RESERVED_RECIPE_NAMES).toEqual([
      'RCPNO',
      'RCPG',
      'ENRCPNO',
      'ENRCPNONAME',
      'ENRCPG',
      'ENRCPGNAME',
    ]);
  });

  it('device-name reserved words are lower case and unique', () => {
    for (const w of DEVICE_NAME_RESERVED_WORDS) expect(w).toBe(w.toLowerCase());
    expect(new Set(DEVICE_NAME_RESERVED_WORDS).size).toBe(DEVICE_NAME_RESERVED_WORDS.length);
    expect(DEVICE_NAME_RESERVED_WORDS).toEqual(expect.arrayContaining(['var', 'histrecord', 'and', 'stop']));
  });
});

describe('limits', () => {
  it.each([
    ['labelMax', 50],
    ['labelSelectedMax', 10],
    ['securityZoneMax', 20],
    ['alarmRuleMax', 300],
    ['alarmImportRowsMax', 300],
    ['alarmExportRowsMax', 10_000],
    ['monitorNameMin', 1],
    ['monitorNameMax', 255],
    ['batchCountMin', 2],
    ['batchCountMax', 100],
    ['roleNameMax', 10],
    ['passwordMin', 8],
    ['passwordMax', 16],
    ['activationEmailHours', 48],
    ['cardValidityYears', 1],
    ['trafficPromptBytes', 12 * 1024 ** 3],
    ['requestTimeoutMs', 60_000],
    ['socketHeartbeatMs', 10_000],
    ['reconnectIntervalMs', 30_000],
    ['reconnectTimeoutMs', 10_000],
    ['reconnectMaxAttempts', 4],
    ['monitorInactivityMs', 300_000],
    ['toastDurationMs', 2_500],
    ['toastMaxCount', 3],
    ['verificationCodeLength', 6],
    ['verificationCodeTtlMs', 600_000],
    ['verificationCodeMaxAttempts', 5],
  ] as const)('%s = %i', (name, value) => {
    expect(Limits[name]).toBe(value);
  });
});
