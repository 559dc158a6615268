/** Security zones (issue 13): the zone module's public entry. */
export { zoneRoutes } from './zone.routes.ts';
export { ZoneService } from './zone.service.ts';
export { OperatePolicy, type OperateAct, type OperatedDevice, type Operator } from './operate-policy.ts';
