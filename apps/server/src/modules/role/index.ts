/**
 * Roles, data permissions and data scope (issue 13): the public entry of the role module.
 * Other modules reach roles, grants and scopes only through what is exported here.
 */
export type { TeamAccessEvent } from './access.events.ts';
export { CreatorGrantService } from './creator-grants.service.ts';
export type { GrantHolder } from './data-picker.repo.ts';
export { DataPickerService } from './data-picker.service.ts';
export { GrantRules, grantKindOf, toDataGrants } from './grant-rules.ts';
export { ancestry, withSubgroups } from './group-subtree.ts';
export { assertWithin, isWithin, type Rights } from './no-wider.ts';
export { emptyGrants, type GrantLists } from './role.repo.ts';
export type { MemberGrantRecords, RoleRecords } from './role-records.ts';
export { roleRoutes } from './role.routes.ts';
export { RoleService } from './role.service.ts';
