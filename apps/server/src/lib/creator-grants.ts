import type { CurrentUser } from './current-user.ts';

/**
 * The creator rule (issue 13): what a sub-account creates (a device group, a template, a bound
 * device) stays visible to them. The role module's CreatorGrantService records a member grant
 * (source 'creator') and returns the caller with the object in their scope, so the reply of
 * the creating call shows it. Main accounts see everything and get no grant.
 */
export interface CreatorGrants {
  created(
    caller: CurrentUser,
    kind: 'device' | 'group' | 'template' | 'project',
    id: number,
  ): Promise<CurrentUser>;
}

/** No creator grants (services built without the role module, e.g. in benchmarks). */
export const noCreatorGrants: CreatorGrants = { created: async (caller) => caller };
