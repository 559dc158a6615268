import { Perm } from '@hmi/domain';
import { sheetBytes } from '../../../src/modules/alarm-rule/alarm-rule-test-helpers.ts';
import { neutral } from '../marks.ts';
import type { MatrixRow } from '../matrix-types.ts';

/*
 * A project's recipes (project module, recipe.api.ts). A recipe follows its project: outside the
 * caller's team or project grants it is 1003. Each cell acts on a fresh recipe of the fixture
 * project (an item on the fixture device, offline: applying answers 0 with the item's 1038).
 * Applying is view 39 at the route and device edit 4 or hmi 6 in the service (every caller of the
 * matrix but the one without 39 holds both).
 */
const v1 = (path: string) => `/v1${path}`;
const project = { kind: 'object' } as const;

export const recipeRows: MatrixRow[] = [
  {
    method: 'GET',
    url: v1('/project/recipe/list'),
    access: [Perm.ProjectView],
    scope: project,
    request: ({ fx }) => ({ query: { project_id: fx.scoped.project.id } }),
  },
  {
    method: 'POST',
    url: v1('/project/recipe/add'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: ({ fx }) => ({
      body: {
        project_id: fx.scoped.project.id,
        name: neutral('R'),
        items: [{ device_id: fx.scoped.device.id, tag_id: fx.scoped.template.tags.speed, value: 1 }],
      },
    }),
  },
  {
    method: 'POST',
    url: v1('/project/recipe/edit'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: async ({ fx }) => ({ body: { id: (await fx.fresh.recipe()).id, description: 'edited' } }),
  },
  {
    method: 'POST',
    url: v1('/project/recipe/delete'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: async ({ fx }) => ({ body: { id: (await fx.fresh.recipe()).id } }),
  },
  {
    method: 'POST',
    url: v1('/project/recipe/apply'),
    access: [Perm.ProjectView],
    scope: project,
    request: async ({ fx }) => ({ body: { id: (await fx.fresh.recipe()).id } }),
  },
  {
    method: 'GET',
    url: v1('/project/recipe/export'),
    access: [Perm.ProjectView],
    scope: project,
    request: async ({ fx }) => {
      await fx.fresh.recipe();
      return { query: { project_id: fx.scoped.project.id } };
    },
  },
  {
    method: 'POST',
    url: v1('/project/recipe/import'),
    access: [Perm.ProjectEdit],
    scope: project,
    request: ({ fx }) => ({
      form: async () => {
        const form = new FormData();
        form.append('project_id', String(fx.scoped.project.id));
        const bytes = await sheetBytes([
          ['Recipe', 'Description', 'Device', 'Tag', 'Value'],
          [neutral('I'), 'imported', null, null, null],
        ]);
        form.append('file', new Blob([Buffer.from(bytes)]), 'recipes.xlsx');
        return form;
      },
    }),
  },
];
