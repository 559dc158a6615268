import {
  GroupPaths,
  type GroupAddBody,
  type GroupItem,
  type GroupListReply,
  type GroupMoveBody,
  type GroupRenameBody,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Device group calls (contract: packages/domain/src/api/group.api.ts). Form calls are manual. */
export const groupApi = {
  list: () => http.get<GroupListReply>(GroupPaths.list),
  add: (body: GroupAddBody) => http.post<GroupItem>(GroupPaths.add, body, { manual: true }),
  rename: (body: GroupRenameBody) => http.post<GroupItem>(GroupPaths.rename, body, { manual: true }),
  move: (body: GroupMoveBody) => http.post<GroupItem>(GroupPaths.move, body, { manual: true }),
  remove: (id: number) => http.post<null>(GroupPaths.delete, { id }),
};

export const groupKeys = {
  all: ['deviceGroup'] as const,
  list: ['deviceGroup', 'list'] as const,
};
