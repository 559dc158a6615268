/** The device module's public entry: the 'device.binding' event (its bus topic is declared beside it). */
export type { DeviceBindingEvent } from './device.events.ts';
