/** Multi-device projects (issue 26): the project module's public entry. */
export { projectRoutes } from './project.routes.ts';
export { ProjectService } from './project.service.ts';
export { ScreenService } from './screen.service.ts';
export { ProjectAccess, type ProjectAllowance } from './project-access.ts';
export { ProjectDeviceReferences } from './device-references.ts';
export { ProjectReads, type ScreenOfProject } from './project-reads.ts';
export type { ProjectDeletedEvent } from './project.events.ts';
export { ScreenRuntimeService, type LastValue, type TagWriter } from './screen-runtime.service.ts';
export { recipeRoutes } from './recipe.routes.ts';
export { RecipeService } from './recipe.service.ts';
export { RecipeApplier } from './recipe-apply.ts';
export { RecipeImporter } from './recipe-import.ts';
export { RecipeItemRules } from './recipe-items.ts';
