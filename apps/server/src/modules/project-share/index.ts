/** A project's share links and their viewers (issue 26): the project share module's public entry. */
export { projectShareRoutes } from './project-share.routes.ts';
export { ProjectShareService } from './project-share.service.ts';
export { ShareViewerService, type ShareCreators, type ShareViewer } from './share-viewer.service.ts';
export type { ShareEndedEvent } from './project-share.events.ts';
