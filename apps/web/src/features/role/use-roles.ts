import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberGrantsApi, roleApi, type DevicePageQuery } from './role.api.ts';
import { memberKeys, roleKeys } from './role-keys.ts';
import {
  fetchDevices,
  fetchGroups,
  fetchProjects,
  fetchTemplates,
  type PickerSource,
} from './picker-source.ts';

/** The team's roles (teams have few: one list, no paging). */
export function useRoleList(enabled = true) {
  return useQuery({ queryKey: roleKeys.list, queryFn: ({ signal }) => roleApi.list(signal), enabled });
}

/** One role with its grants (the editor). */
export function useRoleDetail(id: number | undefined) {
  return useQuery({
    queryKey: roleKeys.detail(id ?? 0),
    queryFn: () => roleApi.detail(id ?? 0),
    enabled: id !== undefined,
  });
}

/** The permissions a role may hold in this region (fixed while the app runs). */
export function usePermissionTree(enabled = true) {
  return useQuery({
    queryKey: roleKeys.permissions,
    queryFn: roleApi.permissions,
    enabled,
    staleTime: Infinity,
  });
}

/** The team's security zones (zone view 33). */
export function useZoneList(enabled = true) {
  return useQuery({ queryKey: roleKeys.zones, queryFn: roleApi.zones, enabled, staleTime: 10_000 });
}

export function usePickGroups(source: PickerSource) {
  return useQuery({ queryKey: roleKeys.pickGroups(source), queryFn: () => fetchGroups(source) });
}

export function usePickTemplates(source: PickerSource) {
  return useQuery({ queryKey: roleKeys.pickTemplates(source), queryFn: () => fetchTemplates(source) });
}

export function usePickProjects(source: PickerSource) {
  return useQuery({ queryKey: roleKeys.pickProjects(source), queryFn: () => fetchProjects(source) });
}

/** One page of the device picker. */
export function usePickDevices(source: PickerSource, query: DevicePageQuery) {
  return useQuery({
    queryKey: roleKeys.pickDevices(source, query),
    queryFn: ({ signal }) => fetchDevices(source, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A member's own data permissions beside their role's. */
export function useMemberDataPm(userId: number | undefined) {
  return useQuery({
    queryKey: memberKeys.dataPm(userId ?? 0),
    queryFn: () => memberGrantsApi.get(userId ?? 0),
    enabled: userId !== undefined,
  });
}
