/** The live module's public entry: the 'device.act' event (its bus topic is declared beside it). */
export type { DeviceActEvent } from './live.events.ts';
