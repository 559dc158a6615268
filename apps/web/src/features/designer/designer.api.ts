import {
  AssetPaths,
  ProjectPaths,
  RecipePaths,
  type AssetListReply,
  type AssetUploadReply,
  type ProjectDetail,
  type ProjectScreen,
  type RecipeListReply,
  type ScreenSaveBody,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { envelopeOrBytes } from '../history/index.ts';

/*
 * The designer's calls (contracts: api/project.api.ts, api/project-asset.api.ts,
 * api/recipe.api.ts). Loading and saving the screen are manual: the page shows a missing screen
 * in place, and a save's version conflict opens its own dialog. The project detail shares its
 * cache key with the project list's detail panel (['project', 'detail', id], same reply), so a
 * save refreshes both.
 */
export const designerApi = {
  screen: (id: number) => http.get<ProjectScreen>(ProjectPaths.screen, { params: { id }, manual: true }),
  save: (body: ScreenSaveBody) => http.post<ProjectScreen>(ProjectPaths.screenSave, body, { manual: true }),
  project: (id: number) => http.get<ProjectDetail>(ProjectPaths.detail, { params: { id } }),
  assets: (projectId: number) =>
    http.get<AssetListReply>(AssetPaths.list, { params: { project_id: projectId } }),
  /** multipart: the project first, then the file (the server reads the fields in order). */
  upload: (projectId: number, file: File) => {
    const form = new FormData();
    form.append('project_id', String(projectId));
    form.append('file', file, file.name);
    return http.post<AssetUploadReply>(AssetPaths.upload, form, { manual: true, timeout: 120_000 });
  },
  /** The bytes of an asset (fetched with the session's token, shown through an object URL). */
  assetFile: (id: number, signal?: AbortSignal) =>
    http.get<ArrayBuffer>(AssetPaths.file, {
      params: { id },
      responseType: 'arraybuffer',
      transformResponse: [envelopeOrBytes],
      ...(signal ? { signal } : {}),
    }),
  recipes: (projectId: number) =>
    http.get<RecipeListReply>(RecipePaths.list, { params: { project_id: projectId } }),
};

export const designerKeys = {
  screen: (id: number) => ['project', 'screen', id] as const,
  project: (id: number) => ['project', 'detail', id] as const,
  assets: (projectId: number) => ['project', 'assets', projectId] as const,
  assetFile: (id: number) => ['project', 'asset-file', id] as const,
  recipes: (projectId: number) => ['project', 'recipes', projectId] as const,
};
