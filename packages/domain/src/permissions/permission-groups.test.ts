import { describe, expect, it } from 'vitest';
import { grantablePermissionIds, permissionGroups, permissionGroupsFor } from './permission-groups.ts';
import { allPermissionIds, Perm } from './permission-ids.ts';

describe('permission groups', () => {
  it('have the ids and names of SPEC section 6', () => {
    const flat = Object.fromEntries(
      Object.entries(permissionGroups).map(([k, list]) => [k, list.map((p) => `${p.name} ${p.id}`)]),
    );
    expect(flat).toEqual({
      operations: ['dashboard-view 1', 'controlpanel-view 46'],
      devicelist: [
        'view 2',
        'bind 3',
        'edit 4',
        'delete 5',
        'hmi 6',
        'config 7',
        'monitor 47',
        'hmi-check 48',
        'alarm 44',
      ],
      templatelist: ['view 8', 'add 9', 'copy 10', 'edit 11', 'delete 12', 'data-pm 36'],
      devicegroup: ['view 13', 'add 14', 'edit 15', 'delete 16', 'data-pm 37'],
      projectlist: ['view 39', 'add 40', 'data-pm 41', 'edit 42', 'delete 43'],
      myAccount: ['view 17', 'ca-charge 18', 'ca-allocate 19', 'ra-charge 20', 'ra-allocate 21'],
      rechargeRecord: ['view 22'],
      msgBilling: ['view 23'],
      user: ['view 24', 'invite 25', 'edit 26', 'delete 27', 'data-pm 38'],
      role: ['view 28', 'add 29', 'edit 31', 'delete 32'],
      safeZone: ['view 33', 'add 30', 'edit 34', 'delete 35'],
      integration: ['view 49', 'manage 50'],
    });
  });

  it('cover every permission id except 45, each once', () => {
    const ids = Object.values(permissionGroups)
      .flat()
      .map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids, Perm.Unnamed45].sort((a, b) => a - b)).toEqual(allPermissionIds);
  });

  it.each([
    ['cn', false],
    ['in', true],
    ['eu', true],
  ] as const)('region %s keeps billing groups: %s', (region, keeps) => {
    const groups = permissionGroupsFor(region);
    for (const key of ['myAccount', 'rechargeRecord', 'msgBilling'] as const) {
      expect(key in groups).toBe(keeps);
    }
    expect(Object.keys(groups)).toEqual(expect.arrayContaining(['operations', 'devicelist', 'safeZone']));
    expect(grantablePermissionIds(region).includes(Perm.AccountView)).toBe(keeps);
    expect(grantablePermissionIds(region).includes(Perm.DeviceView)).toBe(true);
  });
});
