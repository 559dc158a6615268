import type { ProjectDevice, ProjectItem, ProjectScreen } from '@hmi/domain';
import type { Device, Project, ProjectScreenRow } from '../../db/database.ts';

export const presentProject = (
  p: Project,
  devices: number,
  screens: number,
  locked: boolean,
): ProjectItem => ({
  id: p.id,
  name: p.name,
  description: p.description,
  device_count: devices,
  screen_count: screens,
  created_at: Number(p.created_at),
  updated_at: Number(p.updated_at),
  locked,
});

/** A device of a project; one the caller does not see shows neither name nor state. */
export const presentProjectDevice = (
  d: Pick<Device, 'id' | 'name' | 'online'>,
  visible: boolean,
): ProjectDevice =>
  visible
    ? { id: d.id, name: d.name ?? '', online: d.online, visible }
    : { id: d.id, name: '', online: 0, visible };

export const presentScreen = (s: ProjectScreenRow, document: Record<string, unknown>): ProjectScreen => ({
  id: s.id,
  project_id: s.project_id,
  name: s.name,
  version: s.version,
  updated_at: Number(s.updated_at),
  document,
});
