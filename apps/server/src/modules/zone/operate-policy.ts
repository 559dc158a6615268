import { Perm, type PermId } from '@hmi/domain';
import type { CurrentUser } from '../../lib/current-user.ts';
import { isInScope, type DataScope } from '../../lib/data-scope.ts';

/**
 * What a caller does to a device: write a tag (data monitor), write a tag from a running project
 * screen (its buttons, inputs and switches; recipes), operate its remote screen or a port
 * forward, view its remote screen.
 */
export type OperateAct = 'writeTag' | 'screenWrite' | 'remoteOperate' | 'remoteView';

/** What the policy reads of a caller: its permission ids and data scope. */
export type Operator = Pick<CurrentUser, 'permissions' | 'scope'>;

/** The device as the asking module read it (unbound: team_id null). */
export interface OperatedDevice {
  id: number;
  team_id: number | null;
}

/** The zone of a device (the zone module's ZoneRepo). */
export interface DeviceZones {
  zoneOf(deviceId: number): Promise<number | undefined>;
}

/**
 * Each act's rule: one of these permission ids (SPEC devicelist: monitor 47, hmi 6 view and
 * operate, hmi-check 48 view only), and whether the device's security zone must be the caller's.
 */
const RULES: Record<OperateAct, { anyOf: readonly PermId[]; zone: boolean }> = {
  writeTag: { anyOf: [Perm.DeviceMonitor], zone: true },
  // Issue 26: an operator of a project screen holds device edit 4 or hmi 6 (view and operate HMI).
  screenWrite: { anyOf: [Perm.DeviceEdit, Perm.DeviceHmi], zone: true },
  remoteOperate: { anyOf: [Perm.DeviceHmi], zone: true },
  remoteView: { anyOf: [Perm.DeviceHmi, Perm.DeviceHmiCheck], zone: false },
};

/**
 * The one place that decides who may operate or view a device (docs/architecture.md, Operate
 * policy): the act's permission, the device in the caller's data scope (bound to its team), and
 * for operating the zone rule: a device in no zone may be operated by anyone with the right, one
 * in a zone only by a role holding that zone (the main account holds all). Tag writes (settag),
 * remote sessions (opening and every re-check of a held tunnel) and project screens' writes ask it
 * (a screen widget naming a zone of its own is checked by the project module on top of this).
 */
export class OperatePolicy {
  constructor(private readonly zones: DeviceZones) {}

  /** Does the caller hold the act's permission (no device yet: DIACom's list of screens to open)? */
  static holds(caller: Pick<Operator, 'permissions'>, act: OperateAct): boolean {
    return RULES[act].anyOf.some((id) => caller.permissions.has(id));
  }

  /** May the caller do `act` to the device: permission, data scope, then (operating) the zone? */
  async may(caller: Operator, device: OperatedDevice, act: OperateAct): Promise<boolean> {
    if (!OperatePolicy.holds(caller, act)) return false;
    if (device.team_id === null) return false;
    if (!isInScope(caller.scope, 'devices', { teamId: device.team_id, id: device.id })) return false;
    return !RULES[act].zone || (await this.inZone(caller.scope, device.id));
  }

  /** Does the scope hold the zone (a widget's own zone on a project screen)? */
  static holdsZone(scope: DataScope, zoneId: number): boolean {
    return scope.zones === null || scope.zones.has(zoneId);
  }

  /** The zone rule alone: the device is in no zone, or in one the scope holds (null: all). */
  private async inZone(scope: DataScope, deviceId: number): Promise<boolean> {
    if (scope.zones === null) return true;
    const zone = await this.zones.zoneOf(deviceId);
    return zone === undefined || scope.zones.has(zone);
  }
}
