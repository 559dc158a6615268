import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecipeAddBody, RecipeEditBody } from '@hmi/domain';
import { projectKeys } from './project.api.ts';
import { recipeApi, recipeKeys } from './recipe.api.ts';

/** A project's recipes (view 39), asked while the detail panel shows the project. */
export function useRecipes(projectId: number | undefined) {
  return useQuery({
    queryKey: recipeKeys.list(projectId ?? 0),
    queryFn: ({ signal }) => recipeApi.list(projectId ?? 0, signal),
    enabled: projectId !== undefined,
  });
}

/**
 * Every change of a recipe also changes its project's last edit: the project's lists, detail and
 * recipes (one prefix) are asked again.
 */
function useInvalidateProject() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.all });
}

export function useAddRecipe() {
  const invalidate = useInvalidateProject();
  return useMutation({ mutationFn: (body: RecipeAddBody) => recipeApi.add(body), onSuccess: invalidate });
}

export function useEditRecipe() {
  const invalidate = useInvalidateProject();
  return useMutation({ mutationFn: (body: RecipeEditBody) => recipeApi.edit(body), onSuccess: invalidate });
}

export function useDeleteRecipe() {
  const invalidate = useInvalidateProject();
  return useMutation({ mutationFn: (id: number) => recipeApi.remove(id), onSuccess: invalidate });
}

/** Applying writes tags, not the project: nothing to ask again. */
export function useApplyRecipe() {
  return useMutation({ mutationFn: (id: number) => recipeApi.apply(id) });
}

export function useImportRecipes() {
  const invalidate = useInvalidateProject();
  return useMutation({
    mutationFn: (v: { projectId: number; file: File }) =>
      recipeApi.importFile(v.projectId, v.file, v.file.name),
    onSuccess: invalidate,
  });
}
