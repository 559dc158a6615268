import { ErrorCode } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DataKind } from '../../lib/data-scope.ts';

/** The rights of a role or a member (or one zone) as "no wider than yourself" compares them. */
export interface Rights {
  permissions?: Iterable<number>;
  zones?: Iterable<number>;
  data?: Partial<Record<DataKind, Iterable<number>>>;
}

const inside = (ids: Iterable<number> | undefined, held: ReadonlySet<number> | null) => {
  if (held === null || ids === undefined) return true;
  for (const id of ids) if (!held.has(id)) return false;
  return true;
};

/**
 * No wider than yourself (docs/api.md, Team administration): a sub-account acts only on what lies
 * within its own rights: every permission, zone and data object of the role, member or zone it
 * acts on must be one it holds itself. The main account holds everything. Who may never be a
 * target (the main account, oneself, one's own role) is decided by GrantRules before this.
 */
export function isWithin(caller: CurrentUser, rights: Rights): boolean {
  if (caller.isMain) return true;
  const data = Object.entries(rights.data ?? {}) as [DataKind, Iterable<number>][];
  return (
    inside(rights.permissions, caller.permissions) &&
    inside(rights.zones, caller.scope.zones) &&
    data.every(([kind, ids]) => inside(ids, caller.scope[kind]))
  );
}

/** 1002 unless the rights are within the caller's (see isWithin). */
export function assertWithin(caller: CurrentUser, rights: Rights): void {
  if (!isWithin(caller, rights)) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
}
