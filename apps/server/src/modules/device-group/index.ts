/** The device group module's public entry: the service and the group tree's helpers (device module). */
export { DeviceGroupService } from './device-group.service.ts';
export { subtreeIds, type GroupRecordRow } from './group-tree.ts';
