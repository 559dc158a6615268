/** The alarm module's public entry: the 'alarm.event' event (its bus topic is declared beside it) and its mails. */
export type { AlarmDigestEvent, AlarmEvent } from './alarm.events.ts';
export type { AlarmMailFacts, AlarmMailIntent, AlarmMailOutbox } from './alarm-mail.ts';
export { recordMailFacts } from './alarm-mail.ts';
