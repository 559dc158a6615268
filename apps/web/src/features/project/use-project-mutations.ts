import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectAddBody } from '@hmi/domain';
import { projectApi, projectKeys } from './project.api.ts';

function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.all });
}

export function useAddProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: (body: ProjectAddBody) => projectApi.add(body), onSuccess: invalidate });
}

export interface ProjectSave {
  id: number;
  name: string;
  description: string;
  /** The devices the caller sees, when they changed (those it cannot see stay on the server). */
  deviceIds?: number[];
}

/**
 * Saves the editor: name and description, then the device set when it changed. A device still
 * bound by a screen fails the second call (1091); what the first call saved stays, so the lists
 * are refreshed either way.
 */
export function useSaveProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async ({ id, name, description, deviceIds }: ProjectSave) => {
      const saved = await projectApi.edit({ id, name, description });
      return deviceIds ? projectApi.setDevices({ id, device_ids: deviceIds }) : saved;
    },
    onSettled: invalidate,
  });
}

/** The project's device set (the detail panel takes one device out). */
export function useSetProjectDevices() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: projectApi.setDevices, onSuccess: invalidate });
}

export function useDeleteProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: projectApi.remove, onSuccess: invalidate });
}

export function useAddScreen() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: projectApi.screenAdd, onSuccess: invalidate });
}

/**
 * Renames a screen: reads it back and saves its document under the new name over the version read
 * (a designer saving meanwhile makes this a version conflict, never a lost edit).
 */
export function useRenameScreen() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) => {
      const screen = await projectApi.screen(id);
      return projectApi.screenSave({ id, version: screen.version, name, document: screen.document });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteScreen() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: projectApi.screenDelete, onSuccess: invalidate });
}
