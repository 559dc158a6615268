/**
 * Sessions ended: one session family (`sessionId`: logout, or a replayed refresh token revoking
 * its family) or every session of a user (`userId`: password change or reset, account closure,
 * removal from a team). Whatever was opened under those sessions and outlives the request (remote
 * sessions) is checked again at once on every server.
 */
export interface SessionEndedEvent {
  sessionId?: string;
  userId?: number;
}

/** Whether a socket or tunnel opened by this caller relied on a session the event ended. */
export function endsSessionOf(e: SessionEndedEvent, caller: { id: number; sessionId: string }): boolean {
  return e.userId === caller.id || (e.sessionId !== undefined && e.sessionId === caller.sessionId);
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'session.ended': SessionEndedEvent;
  }
}
