import { Perm } from '@hmi/domain';
import { neutral } from '../marks.ts';
import type { MatrixRow } from '../matrix-types.ts';

/*
 * Multi-device projects and their screens (project module). A project or screen outside the
 * caller's team or project grants is 1003; the fixture project uses the fixture device and has
 * one screen.
 */
const v1 = (path: string) => `/v1${path}`;
const project = { kind: 'object' } as const;

export const projectRows: MatrixRow[] = [
  { method: 'GET', url: v1('/project/list'), access: [Perm.ProjectView], scope: { kind: 'list' } },
  {
    method: 'GET',
    url: v1('/project/detail'),
    access: [Perm.ProjectView],
    scope: project,
    request: ({ fx }) => ({ query: { id: fx.scoped.project.id } }),
  },
  {
    method: 'POST',
    url: v1('/project/add'),
    access: [Perm.ProjectAdd],
    scope: { kind: 'team' },
    request: () => ({ body: { name: neutral('P') } }),
  },
  {
    method: 'POST',
    url: v1('/project/edit'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: ({ fx }) => ({ body: { id: fx.scoped.project.id, description: 'edited' } }),
  },
  {
    method: 'POST',
    url: v1('/project/delete'),
    access: [Perm.ProjectDelete],
    scope: project,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.project()).id : fx.scoped.project.id },
    }),
  },
  {
    method: 'POST',
    url: v1('/project/devices'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: ({ fx }) => ({ body: { id: fx.scoped.project.id, device_ids: [fx.scoped.device.id] } }),
  },
  {
    method: 'GET',
    url: v1('/project/screen'),
    access: [Perm.ProjectView],
    scope: project,
    request: ({ fx }) => ({ query: { id: fx.scoped.project.screenId } }),
  },
  {
    method: 'POST',
    url: v1('/project/screen/add'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: ({ fx }) => ({ body: { project_id: fx.scoped.project.id, name: neutral('S') } }),
  },
  {
    method: 'POST',
    url: v1('/project/screen/save'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: async ({ fx, allowed }) => {
      const s = allowed ? await fx.fresh.screen() : { id: fx.scoped.project.screenId, version: 1 };
      return { body: { id: s.id, version: s.version, document: { version: 2, widgets: [] } } };
    },
  },
  {
    method: 'POST',
    url: v1('/project/screen/delete'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: async ({ fx, allowed }) => ({
      body: { id: allowed ? (await fx.fresh.screen()).id : fx.scoped.project.screenId },
    }),
  },
];
