/**
 * A project was deleted: its screens, pictures and share links went with it. Every server's live
 * hub closes the sockets of that project's share viewers at once.
 */
export interface ProjectDeletedEvent {
  teamId: number;
  projectId: number;
}

/**
 * A project's screens changed (one added, saved or deleted): what they bind may differ, so every
 * server's live hub works the views of that project's share viewers again at once (the pairs a
 * viewer's socket may stream are the screens' bindings).
 */
export interface ProjectScreensEvent {
  teamId: number;
  projectId: number;
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'project.deleted': ProjectDeletedEvent;
    'project.screens': ProjectScreensEvent;
  }
}
