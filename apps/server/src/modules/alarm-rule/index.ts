/** The alarm rule module's public entry: the 'alarm.rules' event (its bus topic is declared beside it). */
export type { AlarmRulesEvent } from './alarm-rule.events.ts';
