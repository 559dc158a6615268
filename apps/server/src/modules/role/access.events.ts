/**
 * The access of these users changed: their role or its permissions, data permissions or zones
 * ('scope'), their team (they joined or left: 'team'), or they were removed from the team and
 * their sessions ended ('removed'). Every server's device and notify sockets of these users
 * re-read the user at once: devices leaving the scope stop streaming, sockets of ended sessions
 * close (4001), sockets of a user now in another team close to reconnect (1001).
 */
export interface TeamAccessEvent {
  teamId: number;
  userIds: number[];
  change: 'scope' | 'team' | 'removed';
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'team.access': TeamAccessEvent;
  }
}
