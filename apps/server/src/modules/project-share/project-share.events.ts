/**
 * Share links ended before their time (revoked): every server's live hub closes the sockets of
 * their viewers at once (4001). A link that expires needs no event: each socket knows its expiry.
 */
export interface ShareEndedEvent {
  teamId: number;
  projectId: number;
  shareIds: number[];
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'share.ended': ShareEndedEvent;
  }
}
