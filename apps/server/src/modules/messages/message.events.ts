/** Messages of these users were added or marked read: their unread counts changed. */
export interface MessagesChangedEvent {
  teamId: number;
  userIds: number[];
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'messages.changed': MessagesChangedEvent;
  }
}
