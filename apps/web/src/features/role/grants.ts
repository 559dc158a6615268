import type { DataGrants, RoleAddBody, RoleDetail, RoleEditBody } from '@hmi/domain';

export const emptyGrants = (): DataGrants => ({ groups: [], devices: [], templates: [], projects: [] });

export const GRANT_KINDS = ['groups', 'devices', 'templates', 'projects'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/** What the role editor edits. */
export interface RoleDraft {
  name: string;
  permissions: number[];
  grants: DataGrants;
  zones: number[];
}

const ids = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);

/** The editor's starting point: the role as loaded, or an empty one. */
export function draftOf(detail?: RoleDetail): RoleDraft {
  if (!detail) return { name: '', permissions: [], grants: emptyGrants(), zones: [] };
  return {
    name: detail.name,
    permissions: [...detail.permissions],
    grants: { ...emptyGrants(), ...detail.grants },
    zones: [...detail.zones],
  };
}

/** Every kind of a grant list, sorted and without duplicates. */
export function grantsBody(g: DataGrants): DataGrants {
  return {
    groups: ids(g.groups),
    devices: ids(g.devices),
    templates: ids(g.templates),
    projects: ids(g.projects),
  };
}

export type RoleSave = { kind: 'add'; body: RoleAddBody } | { kind: 'edit'; body: RoleEditBody };

/** The add call for a new role, the edit call (every list given, so each replaces the role's) otherwise. */
export function roleSaveBody(id: number | undefined, draft: RoleDraft): RoleSave {
  const body = {
    name: draft.name.trim(),
    permissions: ids(draft.permissions),
    grants: grantsBody(draft.grants),
    zones: ids(draft.zones),
  };
  return id === undefined ? { kind: 'add', body } : { kind: 'edit', body: { id, ...body } };
}

/** How many ids of each kind. */
export function grantCounts(g: DataGrants): Record<GrantKind, number> {
  return {
    groups: g.groups.length,
    devices: g.devices.length,
    templates: g.templates.length,
    projects: g.projects.length,
  };
}
