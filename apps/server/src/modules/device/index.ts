/**
 * The device module's public entry. The module owns the device catalogue: devices, their
 * templates and the templates' tags (no other module puts SQL on those tables; eslint.config.js).
 * Others read it through the `Catalogue` (a team's devices and their tags, a device by id with its
 * team, which devices a principal may see) or, for a join or count that must stay one statement,
 * through its query fragments. Also: the template service and the 'device.binding' event.
 */
export {
  Catalogue,
  catalogueDevices,
  catalogueTemplates,
  catalogueTemplateTags,
  teamDeviceIds,
  visibleDeviceIds,
  type CatalogueDevice,
  type DeviceTagReads,
} from './catalogue.ts';
export {
  acknowledgeConfig,
  bumpConfigVersions,
  deviceSecretHash,
  insertDevice,
  setAllOffline,
  updateDeviceBySn,
} from './device-records.ts';
export type { DeviceTag } from './device-tags.repo.ts';
export type { DeviceRow } from './device.repo.ts';
export type { DeviceBindingEvent, DeviceScopeEvent } from './device.events.ts';
export { TemplateService, type TemplateRules } from './template.service.ts';
export { GeneratedTemplates, type GeneratedFor, type GeneratedOutcome } from './generated-templates.ts';
export type { TagValues } from './template.repo.ts';
export type { DeviceReferences } from './device.service.ts';
