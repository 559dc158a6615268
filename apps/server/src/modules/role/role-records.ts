import type { MemberGrantsRepo } from './member-grants.repo.ts';
import type { RoleRepo } from './role.repo.ts';

/*
 * What the member module reads and writes of roles and grants: named parts of the role module's
 * repositories (the composition root passes the repositories themselves), so no other module
 * holds a repository class.
 */

/** Roles as the member module needs them: one role, its grants and zones. */
export type RoleRecords = Pick<RoleRepo, 'find' | 'grantsOf' | 'zonesOf'>;
/** A member's own grants (beside the role's). */
export type MemberGrantRecords = Pick<MemberGrantsRepo, 'of' | 'replaceAdmin' | 'deleteAll'>;
