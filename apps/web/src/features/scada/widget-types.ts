/*
 * What a widget of a SCADA screen is given and what it reports, shared by the runtime (/scada),
 * the designer's canvas and its preview: the value of its binding as the screen shows it (with
 * its quality) and the operator's press or input, which the page turns into a write
 * (ProjectPaths.write: the server reads binding and value from the stored screen) or a move to
 * another screen.
 */

/**
 * How far a bound value can be trusted: good (fresh), stale (nothing new for a minute), offline
 * (the device is), denied (the caller may not read the device or its values), none (no value yet).
 */
export type LiveQuality = 'good' | 'stale' | 'offline' | 'denied' | 'none';

/** The value of a widget's binding, raw (before the binding's transform), and its quality. */
export interface LiveCell {
  value: number | string | null;
  quality: LiveQuality;
  /** Sample time (device clock, ms) when known: the trend plots the value there. */
  ts?: number;
}

/**
 * An operation on a running widget, shaped as the write route's body (screenWriteBody) without
 * the screen: `action` is the index of one of the widget's actions (a button's set, toggle,
 * momentary with `pressed`, goto, recipe); without it `value` is written to the widget's own
 * binding (numeric and text inputs; a switch sends the state it asks for, true = on). A nav
 * widget sends neither: it opens its `screenId`.
 */
export interface WidgetActionEvent {
  widgetId: string;
  action?: number;
  pressed?: boolean;
  value?: number | string | boolean;
}

/** Cells of other tags a widget reads besides its binding (an svg widget's marks), by "deviceId:tagId". */
export type CellsByTag = ReadonlyMap<string, LiveCell>;

/** The key of a (device, tag) pair in CellsByTag. */
export const tagKey = (deviceId: number, tagId: number): string => `${deviceId}:${tagId}`;
