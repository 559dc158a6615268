import { useCallback } from 'react';
import { visibleWith, type VisibilityRule } from '@hmi/domain';
import { useUserInfo } from './use-user-info.ts';

/** `can(rule)`: whether the signed-in user may see a button guarded by `rule` (SPEC section 6). */
export function usePermission() {
  const { data: profile } = useUserInfo();
  return useCallback(
    (rule: VisibilityRule) =>
      profile ? visibleWith(rule, { permissions: profile.permissions, isMain: profile.is_main }) : false,
    [profile],
  );
}
