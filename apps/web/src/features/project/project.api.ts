import {
  ProjectPaths,
  type ProjectAddBody,
  type ProjectDetail,
  type ProjectDevicesBody,
  type ProjectEditBody,
  type ProjectListQuery,
  type ProjectListReply,
  type ProjectScreen,
  type ScreenAddBody,
  type ScreenSaveBody,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/**
 * Multi-device project calls (contract: packages/domain/src/api/project.api.ts). The writes a
 * form or the detail panel shows the failure of (1092 under the name, 1091 with the screens that
 * still bind the device) are manual; deleting toasts through the client.
 */
export const projectApi = {
  list: (query: ProjectListQuery, signal?: AbortSignal) =>
    http.get<ProjectListReply>(ProjectPaths.list, { params: query, ...(signal ? { signal } : {}) }),
  detail: (id: number) => http.get<ProjectDetail>(ProjectPaths.detail, { params: { id } }),
  add: (body: ProjectAddBody) => http.post<ProjectDetail>(ProjectPaths.add, body, { manual: true }),
  edit: (body: ProjectEditBody) => http.post<ProjectDetail>(ProjectPaths.edit, body, { manual: true }),
  remove: (id: number) => http.post<null>(ProjectPaths.delete, { id }),
  setDevices: (body: ProjectDevicesBody) =>
    http.post<ProjectDetail>(ProjectPaths.devices, body, { manual: true }),
  /** A screen with its document (a rename saves the document it read back over its version). */
  screen: (id: number) => http.get<ProjectScreen>(ProjectPaths.screen, { params: { id }, manual: true }),
  screenAdd: (body: ScreenAddBody) =>
    http.post<ProjectScreen>(ProjectPaths.screenAdd, body, { manual: true }),
  screenSave: (body: ScreenSaveBody) =>
    http.post<ProjectScreen>(ProjectPaths.screenSave, body, { manual: true }),
  screenDelete: (id: number) => http.post<null>(ProjectPaths.screenDelete, { id }),
};

export const projectKeys = {
  all: ['project'] as const,
  lists: ['project', 'list'] as const,
  list: (query: ProjectListQuery) => ['project', 'list', query] as const,
  detail: (id: number) => ['project', 'detail', id] as const,
};
