/** The alarm rules of a template changed (added, edited, deleted, imported): engines reload them. */
export interface AlarmRulesEvent {
  teamId: number;
  templateId: number;
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'alarm.rules': AlarmRulesEvent;
  }
}
