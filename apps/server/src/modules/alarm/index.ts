/** The alarm module's public entry: the 'alarm.event' event (its bus topic is declared beside it). */
export type { AlarmDigestEvent, AlarmEvent } from './alarm.events.ts';
