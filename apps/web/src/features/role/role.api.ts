import {
  DevicePaths,
  GroupPaths,
  MemberPaths,
  ProjectPaths,
  RolePaths,
  TemplatePaths,
  ZonePaths,
  type DeviceListReply,
  type GroupListReply,
  type MemberDataPm,
  type MemberDataPmBody,
  type PickDevicesReply,
  type PickGroupsReply,
  type PickProjectsReply,
  type PickTemplatesReply,
  type ProjectListReply,
  type RoleAddBody,
  type RoleDetail,
  type RoleEditBody,
  type RoleListReply,
  type RolePermissionTree,
  type TemplateListReply,
  type ZoneListReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** Role calls (contract: packages/domain/src/api/role.api.ts). Form calls are manual. */
export const roleApi = {
  list: (signal?: AbortSignal) => http.get<RoleListReply>(RolePaths.list, signalOf(signal)),
  detail: (id: number) => http.get<RoleDetail>(RolePaths.detail, { params: { id } }),
  add: (body: RoleAddBody) => http.post<RoleDetail>(RolePaths.add, body, { manual: true }),
  edit: (body: RoleEditBody) => http.post<RoleDetail>(RolePaths.edit, body, { manual: true }),
  /** Not manual: the client toasts a failure (1072 a role held by members) translated. */
  remove: (id: number) => http.post<null>(RolePaths.delete, { id }),
  permissions: () => http.get<RolePermissionTree>(RolePaths.permissions),
  /** The team's security zones for the zone checkboxes (features/zone is another screen). */
  zones: () => http.get<ZoneListReply>(ZonePaths.list),
};

/** A member's own data permissions (contract: packages/domain/src/api/member.api.ts). */
export const memberGrantsApi = {
  get: (userId: number) => http.get<MemberDataPm>(MemberPaths.dataPm, { params: { user_id: userId } }),
  save: (body: MemberDataPmBody) => http.post<MemberDataPm>(MemberPaths.dataPm, body, { manual: true }),
};

export interface DevicePageQuery {
  search?: string;
  granted?: boolean;
  page: number;
  page_size: number;
}

/**
 * The picker lists. Their failures show in the picker (manual). A role not saved yet has no id
 * (the pick routes need one): its pickers read the caller's own lists (group, device, template
 * and project lists), nothing granted yet.
 */
export const pickApi = {
  roleGroups: (id: number) =>
    http.get<PickGroupsReply>(RolePaths.pickGroups, { params: { id }, manual: true }),
  roleTemplates: (id: number) =>
    http.get<PickTemplatesReply>(RolePaths.pickTemplates, { params: { id }, manual: true }),
  roleProjects: (id: number) =>
    http.get<PickProjectsReply>(RolePaths.pickProjects, { params: { id }, manual: true }),
  devices: (path: string, id: number, q: DevicePageQuery, signal?: AbortSignal) =>
    http.get<PickDevicesReply>(path, {
      params: {
        id,
        page: q.page,
        page_size: q.page_size,
        ...(q.search ? { search: q.search } : {}),
        ...(q.granted ? { granted: 'true' } : {}),
      },
      manual: true,
      ...signalOf(signal),
    }),
  ownGroups: async (): Promise<PickGroupsReply> => {
    const reply = await http.get<GroupListReply>(GroupPaths.list, { manual: true });
    return {
      list: reply.list.map((g) => ({
        id: g.id,
        parent_id: g.parent_id,
        name: g.name,
        granted: false,
        via_parent: false,
      })),
    };
  },
  ownTemplates: async (): Promise<PickTemplatesReply> => {
    const reply = await http.get<TemplateListReply>(TemplatePaths.list, {
      params: { page: 1, page_size: 200 },
      manual: true,
    });
    return { list: reply.list.map((tpl) => ({ id: tpl.id, name: tpl.name, granted: false })) };
  },
  ownProjects: async (): Promise<PickProjectsReply> => {
    const reply = await http.get<ProjectListReply>(ProjectPaths.list, {
      params: { page: 1, page_size: 200 },
      manual: true,
    });
    return { list: reply.list.map((p) => ({ id: p.id, name: p.name, granted: false })) };
  },
  ownDevices: async (q: DevicePageQuery, signal?: AbortSignal): Promise<PickDevicesReply> => {
    const reply = await http.get<DeviceListReply>(DevicePaths.list, {
      params: { page: q.page, page_size: q.page_size, ...(q.search ? { search: q.search } : {}) },
      manual: true,
      ...signalOf(signal),
    });
    return {
      list: reply.list.map((d) => ({
        id: d.id,
        name: d.name,
        sn: d.sn,
        group_id: d.group_id,
        granted: false,
        via_group: false,
      })),
      total: reply.total,
      page: reply.page,
      page_size: reply.page_size,
    };
  },
};
