import { AlarmRecordState, type AlarmRecord } from '@hmi/domain';

/** Banners kept at most; older ones drop off (the message page lists them all). */
export const MAX_BANNERS = 3;

export interface CriticalAlarms {
  /** Newest first, at most MAX_BANNERS. */
  shown: AlarmRecord[];
  /** Raised while MAX_BANNERS were shown already and dropped off the top (for "N more"). */
  hidden: number;
}

export type CriticalAlarmAction =
  | { type: 'raised'; record: AlarmRecord }
  | { type: 'update'; record: AlarmRecord }
  | { type: 'dismiss'; id: number }
  | { type: 'dismissAll' };

export const noCriticalAlarms: CriticalAlarms = { shown: [], hidden: 0 };

/**
 * The critical-alarm banners of the console: a raised record goes on top (once: the same
 * record raised again replaces its banner), later events of a shown record follow its state
 * (acknowledged: updated in place; recovered: the alarm is over and its banner goes; the
 * message centre keeps the record), and the user dismisses one or all.
 */
export function criticalAlarmsReducer(state: CriticalAlarms, action: CriticalAlarmAction): CriticalAlarms {
  switch (action.type) {
    case 'raised': {
      const others = state.shown.filter((r) => r.id !== action.record.id);
      const next = [action.record, ...others];
      const dropped = Math.max(0, next.length - MAX_BANNERS);
      return { shown: next.slice(0, MAX_BANNERS), hidden: state.hidden + dropped };
    }
    case 'update': {
      if (!state.shown.some((r) => r.id === action.record.id)) return state;
      if (action.record.state === AlarmRecordState.Recovery) return without(state, action.record.id);
      return { ...state, shown: state.shown.map((r) => (r.id === action.record.id ? action.record : r)) };
    }
    case 'dismiss':
      return without(state, action.id);
    case 'dismissAll':
      return noCriticalAlarms;
  }
}

/** The banners without record `id`; the "more" count goes with the last banner. */
function without(state: CriticalAlarms, id: number): CriticalAlarms {
  const shown = state.shown.filter((r) => r.id !== id);
  return shown.length === state.shown.length ? state : { shown, hidden: shown.length ? state.hidden : 0 };
}
