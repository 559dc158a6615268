import type { PermId } from './permission-ids.ts';

/** One permission id, a list (any of them suffices), or 'always' (SPEC section 6). */
export type VisibilityRule = PermId | readonly PermId[] | 'always';

export type PermissionContext = {
  readonly permissions: readonly number[] | ReadonlySet<number>;
  readonly isMain: boolean;
};

/**
 * Whether a menu, button or route guarded by `rule` is visible to the caller. The main account
 * holds every permission so it passes every rule; an empty list is visible to nobody else.
 */
export function visibleWith(rule: VisibilityRule, ctx: PermissionContext): boolean {
  if (rule === 'always' || ctx.isMain) return true;
  const held = ctx.permissions instanceof Set ? ctx.permissions : new Set(ctx.permissions);
  const ids: readonly PermId[] = typeof rule === 'number' ? [rule] : rule;
  return ids.some((id) => held.has(id));
}
