import { MemberPaths, RolePaths } from '@hmi/domain';
import { pickApi, type DevicePageQuery } from './role.api.ts';

/**
 * Whose data permissions the pickers edit: a role (no id yet while it is being created) or a
 * member's own grants. It decides which lists the pickers read; the marks they show come from
 * the value being edited, not from the server's `granted` flags.
 */
export type PickerSource = { kind: 'role'; roleId: number | undefined } | { kind: 'member'; userId: number };

/** The server's "granted only" filter exists for a saved role and for a member. */
export const canFilterGranted = (source: PickerSource): boolean =>
  source.kind === 'member' || source.roleId !== undefined;

export function fetchGroups(source: PickerSource) {
  return source.kind === 'role' && source.roleId !== undefined
    ? pickApi.roleGroups(source.roleId)
    : pickApi.ownGroups();
}

export function fetchTemplates(source: PickerSource) {
  return source.kind === 'role' && source.roleId !== undefined
    ? pickApi.roleTemplates(source.roleId)
    : pickApi.ownTemplates();
}

export function fetchProjects(source: PickerSource) {
  return source.kind === 'role' && source.roleId !== undefined
    ? pickApi.roleProjects(source.roleId)
    : pickApi.ownProjects();
}

export function fetchDevices(source: PickerSource, query: DevicePageQuery, signal?: AbortSignal) {
  if (source.kind === 'member') return pickApi.devices(MemberPaths.pickDevices, source.userId, query, signal);
  if (source.roleId !== undefined)
    return pickApi.devices(RolePaths.pickDevices, source.roleId, query, signal);
  return pickApi.ownDevices(query, signal);
}
