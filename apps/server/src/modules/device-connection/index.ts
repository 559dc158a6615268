/**
 * The device connection module's public entry: the retained config's publisher (templates,
 * devices, alarm rules and monitor points change a device's config) with the port it reads
 * alarm rules through, and the devices' online history.
 */
export { DeviceConfigPublisher, type ConfigRules } from './device-config.publisher.ts';
export { DeviceConnectionService, type DeviceConnectionChange } from './device-connection.service.ts';
