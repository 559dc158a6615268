/**
 * A project was deleted: its screens, pictures and share links went with it. Every server's live
 * hub closes the sockets of that project's share viewers at once.
 */
export interface ProjectDeletedEvent {
  teamId: number;
  projectId: number;
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'project.deleted': ProjectDeletedEvent;
  }
}
