/** The device module's public entry: the 'device.binding' event (its bus topic is declared beside it). */
export type { DeviceBindingEvent, DeviceScopeEvent } from './device.events.ts';
