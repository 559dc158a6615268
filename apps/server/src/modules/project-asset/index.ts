/** A project's pictures and drawings (issue 26): the project asset module's public entry. */
export { projectAssetRoutes } from './project-asset.routes.ts';
export { ProjectAssetService } from './project-asset.service.ts';
export { sendAssetFile, ASSET_CSP } from './asset-file.ts';
