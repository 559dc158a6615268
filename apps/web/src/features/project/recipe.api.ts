import {
  RecipePaths,
  type Recipe,
  type RecipeAddBody,
  type RecipeApplyReply,
  type RecipeEditBody,
  type RecipeImportReply,
  type RecipeListReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { envelopeOrBytes } from '../history/index.ts';

/**
 * A project's recipe calls (contract: packages/domain/src/api/recipe.api.ts). The editor's writes
 * are manual (1086 under the name, 1089 and 1006 item errors under their row); applying is manual
 * too (its refusal, 1002 or 1052, stays in the apply dialog), and so are the files (a refused
 * import opens its row table). Deleting toasts through the client.
 */
export const recipeApi = {
  list: (projectId: number, signal?: AbortSignal) =>
    http.get<RecipeListReply>(RecipePaths.list, {
      params: { project_id: projectId },
      ...(signal ? { signal } : {}),
    }),
  add: (body: RecipeAddBody) => http.post<Recipe>(RecipePaths.add, body, { manual: true }),
  edit: (body: RecipeEditBody) => http.post<Recipe>(RecipePaths.edit, body, { manual: true }),
  remove: (id: number) => http.post<null>(RecipePaths.delete, { id }),
  apply: (id: number) =>
    // Each device's items wait for the device's answer (up to the settag timeout each).
    http.post<RecipeApplyReply>(RecipePaths.apply, { id }, { manual: true, timeout: 5 * 60_000 }),
  /** The project's recipes as xlsx bytes; an error reply stays a JSON envelope the client reads. */
  exportFile: (projectId: number) =>
    http.get<ArrayBuffer>(RecipePaths.export, {
      params: { project_id: projectId },
      responseType: 'arraybuffer',
      transformResponse: [envelopeOrBytes],
      manual: true,
    }),
  /** multipart: the project id first, then the file (the server reads the fields in order). */
  importFile: (projectId: number, file: Blob, fileName: string) => {
    const form = new FormData();
    form.append('project_id', String(projectId));
    form.append('file', file, fileName);
    return http.post<RecipeImportReply>(RecipePaths.import, form, { manual: true, timeout: 120_000 });
  },
};

/**
 * Under the project's keys (a change of the project invalidates them with the rest); the designer
 * reads the same list under the same key (its recipe action picker).
 */
export const recipeKeys = {
  list: (projectId: number) => ['project', 'recipes', projectId] as const,
};
