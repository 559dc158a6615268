/**
 * The message centre's public entry: the service (registration posts the welcome message) and
 * the 'messages.changed' event (its bus topic is declared beside it).
 */
export { MessageService } from './message.service.ts';
export type { MessagesChangedEvent } from './message.events.ts';
