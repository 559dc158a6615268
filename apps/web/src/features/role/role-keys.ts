import type { DevicePageQuery } from './role.api.ts';
import type { PickerSource } from './picker-source.ts';

/** Query keys of the role screens; everything starts with 'role' (invalidated on every role change). */
export const roleKeys = {
  all: ['role'] as const,
  list: ['role', 'list'] as const,
  detail: (id: number) => ['role', 'detail', id] as const,
  permissions: ['role', 'permissions'] as const,
  zones: ['role', 'zones'] as const,
  pick: ['role', 'pick'] as const,
  pickGroups: (source: PickerSource) => ['role', 'pick', 'groups', source] as const,
  pickTemplates: (source: PickerSource) => ['role', 'pick', 'templates', source] as const,
  pickProjects: (source: PickerSource) => ['role', 'pick', 'projects', source] as const,
  pickDevices: (source: PickerSource, query: DevicePageQuery) =>
    ['role', 'pick', 'devices', source, query] as const,
};

/** The member lists show role names and a member's data permissions: refreshed after role changes. */
export const memberKeys = {
  all: ['member'] as const,
  dataPm: (userId: number) => ['member', 'datapm', userId] as const,
};
