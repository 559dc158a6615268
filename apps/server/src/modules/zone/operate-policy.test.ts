import { Perm } from '@hmi/domain';
import { describe, expect, it } from 'vitest';
import { wholeTeam, type DataScope } from '../../lib/data-scope.ts';
import { OperatePolicy, type Operator } from './operate-policy.ts';

/** Device 1 is in zone 7, device 2 in no zone; both of team 1. */
const policy = new OperatePolicy({ zoneOf: async (id) => (id === 1 ? 7 : undefined) });
const device = (id: number, team_id: number | null = 1) => ({ id, team_id });

const sub = (perms: number[], scope: Partial<DataScope> = {}): Operator => ({
  permissions: new Set(perms),
  scope: { ...wholeTeam(1), devices: new Set([1, 2]), zones: new Set<number>(), ...scope },
});

describe('OperatePolicy', () => {
  it('operating needs the permission and the zone; viewing the screen only hmi 6 or hmi-check 48', async () => {
    const hmi = sub([Perm.DeviceHmi]);
    expect(await policy.may(hmi, device(1), 'remoteOperate')).toBe(false);
    expect(await policy.may(hmi, device(2), 'remoteOperate')).toBe(true);
    expect(await policy.may(hmi, device(1), 'remoteView')).toBe(true);
    const zoned = sub([Perm.DeviceHmi, Perm.DeviceMonitor], { zones: new Set([7]) });
    expect(await policy.may(zoned, device(1), 'remoteOperate')).toBe(true);
    expect(await policy.may(zoned, device(1), 'writeTag')).toBe(true);
    const check = sub([Perm.DeviceHmiCheck]);
    expect(await policy.may(check, device(2), 'remoteView')).toBe(true);
    expect(await policy.may(check, device(2), 'remoteOperate')).toBe(false);
    expect(await policy.may(sub([]), device(2), 'remoteView')).toBe(false);
    expect(await policy.may(sub([Perm.DeviceHmi]), device(2), 'writeTag')).toBe(false);
  });

  it('nothing outside the data scope or unbound; the main account holds every zone', async () => {
    const all = [Perm.DeviceHmi, Perm.DeviceMonitor];
    expect(await policy.may(sub(all, { devices: new Set([2]) }), device(1), 'remoteView')).toBe(false);
    expect(await policy.may(sub(all), device(2, 5), 'remoteView')).toBe(false);
    expect(await policy.may(sub(all), device(2, null), 'remoteView')).toBe(false);
    const main: Operator = { permissions: new Set(all), scope: wholeTeam(1) };
    expect(await policy.may(main, device(1), 'remoteOperate')).toBe(true);
    expect(await policy.may(main, device(1), 'writeTag')).toBe(true);
    expect(OperatePolicy.holds(sub([Perm.DeviceHmiCheck]), 'remoteView')).toBe(true);
    expect(OperatePolicy.holds(sub([Perm.DeviceHmiCheck]), 'remoteOperate')).toBe(false);
  });
});
