import { SharePaths, type ShareAddBody, type ShareCreated, type ShareListReply } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { projectKeys } from './project.api.ts';

/**
 * A project's share links as its editors manage them (edit 42; contract:
 * packages/domain/src/api/project-share.api.ts). Making one is manual: its refusal (1006 too many
 * links, 1052 locked) stays in the dialog; revoking toasts through the client.
 */
export const shareApi = {
  list: (projectId: number, signal?: AbortSignal) =>
    http.get<ShareListReply>(SharePaths.list, {
      params: { project_id: projectId },
      ...(signal ? { signal } : {}),
    }),
  add: (body: ShareAddBody) => http.post<ShareCreated>(SharePaths.add, body, { manual: true }),
  revoke: (id: number) => http.post<null>(SharePaths.revoke, { id }),
};

export const shareKeys = {
  /** Under the project's prefix: a project change asks its links again too. */
  list: (projectId: number) => [...projectKeys.all, 'shares', projectId] as const,
};
