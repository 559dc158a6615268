import { z } from 'zod';
import { Limits } from '../constants/limits.constants.ts';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the role calls (/system/role; SPEC section 6, issue 13). Paths are relative to
 * API_BASE. A role is a name (at most 10 characters, unique in the team: 1063), menu and
 * operation permissions (the ids the region grants: grantablePermissionIds), data permissions
 * (device groups with their subgroups and devices, single devices, templates, projects) and
 * security zones. An id of another team is refused: role 1062, group 1080, template 1079,
 * project 1087, device or zone 1003. A role held by members cannot be deleted (1072).
 * A sub-account editing roles grants only what it holds itself (permissions and data in its
 * own scope, else 1002) and leaves the role's grants outside its scope as they are.
 */
export const RolePaths = {
  list: '/system/role/list', // GET -> roleListReply                             (role view 28)
  detail: '/system/role/detail', // GET roleIdQuery -> roleDetail                 (role view 28)
  add: '/system/role/add', // POST roleAddBody -> roleDetail                      (role add 29)
  edit: '/system/role/edit', // POST roleEditBody -> roleDetail                   (role edit 31)
  delete: '/system/role/delete', // POST roleIdBody -> null                       (role delete 32; 1072)
  permissions: '/system/role/permissions', // GET -> rolePermissionTree           (role view 28)
  pickDevices: '/system/role/pick/devices', // GET rolePickDevicesQuery -> pickDevicesReply (role view 28)
  pickGroups: '/system/role/pick/groups', // GET roleIdQuery -> pickGroupsReply   (role view 28)
  pickTemplates: '/system/role/pick/templates', // GET roleIdQuery -> pickTemplatesReply (role view 28)
  pickProjects: '/system/role/pick/projects', // GET roleIdQuery -> pickProjectsReply (role view 28)
} as const;

const id = z.number().int().positive();
const idList = z.array(id).max(Limits.dataGrantIdsMax);
/** Role names are checked with validateRoleName on the server (1006 with its key). */
const roleName = singleLineText.max(64);

/** Data permissions: what a role (or a member, beside its role) may see. */
export const dataGrants = z.object({
  /** Groups: each grants its subgroups and every device in them. */
  groups: idList,
  devices: idList,
  templates: idList,
  /** Multi-device projects (1087 when of another team; handed out with projectlist data-pm 41). */
  projects: idList,
});
export type DataGrants = z.infer<typeof dataGrants>;

export const roleSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.number().int()),
  zones: z.array(z.number().int()),
  /** How many ids of each kind the role grants. */
  counts: z.object({
    groups: z.number().int(),
    devices: z.number().int(),
    templates: z.number().int(),
    projects: z.number().int(),
  }),
  member_count: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type RoleSummary = z.infer<typeof roleSummary>;

export const roleListReply = z.object({ list: z.array(roleSummary) });
export type RoleListReply = z.infer<typeof roleListReply>;

export const roleDetail = roleSummary.extend({ grants: dataGrants });
export type RoleDetail = z.infer<typeof roleDetail>;

export const roleIdQuery = z.object({ id: z.coerce.number().int().positive() });
export type RoleIdQuery = z.infer<typeof roleIdQuery>;

export const roleAddBody = z.object({
  name: roleName,
  permissions: z.array(z.number().int()).max(100).default([]),
  grants: dataGrants.partial().default({}),
  zones: z.array(id).max(100).default([]),
});
export type RoleAddBody = z.input<typeof roleAddBody>;
export type RoleAddBodyParsed = z.output<typeof roleAddBody>;

/** Fields left out stay as they are; a list given replaces the role's list of that kind. */
export const roleEditBody = z.object({
  id,
  name: roleName.optional(),
  permissions: z.array(z.number().int()).max(100).optional(),
  grants: dataGrants.partial().optional(),
  zones: z.array(id).max(100).optional(),
});
export type RoleEditBody = z.infer<typeof roleEditBody>;

export const roleIdBody = z.object({ id });
export type RoleIdBody = z.infer<typeof roleIdBody>;

/** The permission groups a role may hold in this region (billing groups hidden in cn). */
export const rolePermissionTree = z.object({
  groups: z.array(
    z.object({
      key: z.string(),
      permissions: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type RolePermissionTree = z.infer<typeof rolePermissionTree>;

/** The device picker: a page of the caller's devices, searched by name or SN. */
export const rolePickDevicesQuery = z.object({
  id: z.coerce.number().int().positive(),
  search: singleLineText.max(64).optional(),
  /** true: only the granted devices (directly or through a group). */
  granted: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type RolePickDevicesQuery = z.input<typeof rolePickDevicesQuery>;
export type RolePickDevicesQueryParsed = z.output<typeof rolePickDevicesQuery>;

export const pickDeviceItem = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  sn: z.string(),
  group_id: z.number().int().nullable(),
  /** Granted by itself. */
  granted: z.boolean(),
  /** Granted through one of the granted groups (or their parents). */
  via_group: z.boolean(),
});
export type PickDeviceItem = z.infer<typeof pickDeviceItem>;

export const pickDevicesReply = z.object({
  list: z.array(pickDeviceItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PickDevicesReply = z.infer<typeof pickDevicesReply>;

/** The group picker: the caller's groups (flat; buildGroupTree makes the tree) with grant marks. */
export const pickGroupsReply = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      parent_id: z.number().int().nullable(),
      name: z.string(),
      granted: z.boolean(),
      /** A parent group is granted, which grants this one. */
      via_parent: z.boolean(),
    }),
  ),
});
export type PickGroupsReply = z.infer<typeof pickGroupsReply>;

export const pickTemplatesReply = z.object({
  list: z.array(z.object({ id: z.number().int(), name: z.string(), granted: z.boolean() })),
});
export type PickTemplatesReply = z.infer<typeof pickTemplatesReply>;

/** The project picker: the caller's projects (a team has few: one list) with grant marks. */
export const pickProjectsReply = z.object({
  list: z.array(z.object({ id: z.number().int(), name: z.string(), granted: z.boolean() })),
});
export type PickProjectsReply = z.infer<typeof pickProjectsReply>;
