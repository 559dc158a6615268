import { Perm, type VisibilityRule } from '@hmi/domain';

/** Who sees "Remote screen": hmi 6 (view and operate) or hmi-check 48 (view only), SPEC section 6. */
export const REMOTE_VIEW_RULE: VisibilityRule = [Perm.DeviceHmi, Perm.DeviceHmiCheck];

export type RemoteAccess = 'operate' | 'view' | 'none';

/** What the user may do with a device's screen, from `can` (usePermission). */
export function remoteAccessOf(can: (rule: VisibilityRule) => boolean): RemoteAccess {
  if (can(Perm.DeviceHmi)) return 'operate';
  return can(Perm.DeviceHmiCheck) ? 'view' : 'none';
}
