import { useCallback } from 'react';
import type { VisibilityRule } from '@hmi/domain';
import { sessionRegion } from '../../shared/session/session-region.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useUserInfo } from '../../shared/session/use-user-info.ts';

/**
 * `can(rule)` of the billing screens: the permission, and never in region cn or on a server with
 * billing switched off (getUserInfo `billing` false), where there is no billing (the menu hides
 * the section; an address typed by hand must not reach its calls, 1002).
 */
export function useBillingAccess() {
  const can = usePermission();
  const { data: profile } = useUserInfo();
  const billed = profile !== undefined && profile.billing !== false && sessionRegion(profile) !== 'cn';
  return useCallback((rule: VisibilityRule) => billed && can(rule), [billed, can]);
}
