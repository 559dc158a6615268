import type { CreatorGrants } from '../lib/creator-grants.ts';
import type { Catalogue } from '../modules/device/index.ts';
import {
  ProjectAccess,
  ProjectDeviceReferences,
  ProjectReads,
  ProjectService,
  ScreenRuntimeService,
  ScreenService,
  type LastValue,
  type ProjectAllowance,
  type TagWriter,
  RecipeApplier,
  RecipeImporter,
  RecipeItemRules,
  RecipeService,
} from '../modules/project/index.ts';
import { ProjectRepo } from '../modules/project/project.repo.ts';
import { RecipeRepo } from '../modules/project/recipe.repo.ts';
import { ScreenRepo } from '../modules/project/screen.repo.ts';
import type { Infrastructure } from './infrastructure.ts';

/** What the project group takes from earlier groups. */
export interface ProjectNeeds {
  catalogue: Catalogue;
  creators: CreatorGrants;
  /** The Cloud Application allowance (billing): projects lock as templates do. */
  allowance: ProjectAllowance;
}

/**
 * Multi-device projects and their screens. Built before the catalogue group: unbinding a device
 * asks the projects first (`deviceReferences`, the device service's port).
 */
export function composeProjects({ db, bus }: Infrastructure, needs: ProjectNeeds) {
  const projectRepo = new ProjectRepo(db);
  const screenRepo = new ScreenRepo(db);
  const access = new ProjectAccess(projectRepo, needs.allowance);
  const services = {
    projects: new ProjectService(db, projectRepo, screenRepo, access, needs.catalogue, needs.creators, bus),
    screens: new ScreenService(db, projectRepo, screenRepo, access, needs.catalogue, bus),
  };
  return {
    services,
    deviceReferences: new ProjectDeviceReferences(projectRepo, screenRepo),
    parts: { projectRepo, screenRepo, access, reads: new ProjectReads(projectRepo, screenRepo) },
  };
}

export type Projects = ReturnType<typeof composeProjects>;

/** What the running screens take: the tag write path and last values (the live group). */
export interface ProjectRuntimeNeeds {
  tags: TagWriter;
  lastValues: LastValue;
}

/** The running screens' writes, built once the live group offers the settag path. */
export function composeProjectRuntime(projects: Projects, needs: ProjectRuntimeNeeds) {
  const { screenRepo, access } = projects.parts;
  return {
    services: { screenRuntime: new ScreenRuntimeService(screenRepo, access, needs.tags, needs.lastValues) },
  };
}

/** What a project's recipes take: the device catalogue and the tag write path (the live group). */
export interface RecipeNeeds {
  catalogue: Catalogue;
  tags: TagWriter;
}

/**
 * A project's recipes, built once the live group offers the settag path: applying a recipe writes
 * every item through it (RecipeApplier); the list, changes, export and import do not need it but
 * live with the applier, over the same repository and item rules.
 */
export function composeRecipes({ db }: Infrastructure, projects: Projects, needs: RecipeNeeds) {
  const { projectRepo, access } = projects.parts;
  const recipeRepo = new RecipeRepo(db);
  const rules = new RecipeItemRules(projectRepo, needs.catalogue);
  return {
    services: {
      recipes: new RecipeService(db, projectRepo, recipeRepo, access, rules, needs.catalogue),
      recipeImporter: new RecipeImporter(db, projectRepo, recipeRepo, access, rules),
      recipeApplier: new RecipeApplier(projectRepo, recipeRepo, access, needs.tags),
    },
  };
}
