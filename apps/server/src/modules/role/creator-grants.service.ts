import type { CreatorGrants } from '../../lib/creator-grants.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DataKind } from '../../lib/data-scope.ts';
import type { MemberGrantsRepo } from './member-grants.repo.ts';

const scopeKind = {
  device: 'devices',
  group: 'groups',
  template: 'templates',
  project: 'projects',
} as const satisfies Record<string, DataKind>;

/**
 * The creator rule, decided as a grant to the creator, not a widening of their role: a member
 * grant (member_grants, source 'creator') keeps the object visible to the person who made it
 * whatever their role becomes, without showing it to everyone else who holds the same role; the
 * team's administrators see it in the member's data permissions (user data-pm 38) and in the
 * effective-access view, and it ends when the person leaves the team (the object stays with the
 * team).
 */
export class CreatorGrantService implements CreatorGrants {
  constructor(private readonly grants: MemberGrantsRepo) {}

  async created(caller: CurrentUser, kind: keyof typeof scopeKind, id: number): Promise<CurrentUser> {
    if (caller.isMain) return caller;
    await this.grants.grantCreator(caller.id, caller.teamId, kind, id);
    const key = scopeKind[kind];
    const held = caller.scope[key];
    return held === null ? caller : { ...caller, scope: { ...caller.scope, [key]: new Set([...held, id]) } };
  }
}
