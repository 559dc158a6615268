/**
 * Roles, data permissions and data scope (issue 13): the public entry of the role module.
 * Other modules reach roles, grants and scopes only through what is exported here.
 */
export type { TeamAccessEvent } from './access.events.ts';
export { CreatorGrantService } from './creator-grants.service.ts';
export { DataPickerRepo, type GrantHolder } from './data-picker.repo.ts';
export { DataPickerService } from './data-picker.service.ts';
export { DataScopeRepo } from './data-scope.repo.ts';
export { GrantRules, grantKindOf, toDataGrants } from './grant-rules.ts';
export { ancestry, withSubgroups } from './group-subtree.ts';
export { MemberGrantsRepo } from './member-grants.repo.ts';
export { emptyGrants, RoleRepo, type GrantLists } from './role.repo.ts';
export { roleRoutes } from './role.routes.ts';
export { RoleService } from './role.service.ts';
