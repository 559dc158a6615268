/** The label module's public entry: device labels as other modules use them (the device module). */
export { LabelService } from './label.service.ts';
export type { DeviceLabel } from './label.repo.ts';
