import { ErrorCode, Perm, type TrafficMonthState, type VisibilityRule } from '@hmi/domain';
import { isApiError } from '../../shared/http/http-errors.ts';

/**
 * Why a session could not open for traffic, and so what the user does next (issue 24): no
 * traffic left on the device (1046: allocate an RA card to it), the month not switched on (1046
 * with traffic left: switch it on), every card outdated (1057: activate a new card and allocate
 * it), the 12G prompt declined (1047: confirm it).
 */
export type TrafficRefusal = 'noTraffic' | 'switchedOff' | 'expired' | 'declined12g';

/** The refusal of a failed open (the server's 1046/1057 carry `data.traffic`, the month's state). */
export function trafficRefusalOf(e: unknown): TrafficRefusal | undefined {
  if (!isApiError(e)) return undefined;
  if (e.code === ErrorCode.E1057_RA_EXPIRED) return 'expired';
  if (e.code !== ErrorCode.E1046_INSUFFICIENT_TRAFFIC) return undefined;
  const state = (e.data as { traffic?: Partial<TrafficMonthState> } | null)?.traffic;
  return state && (state.remaining_bytes ?? 0) > 0 && state.on === false ? 'switchedOff' : 'noTraffic';
}

/**
 * What the user may do about a refusal in My account (SPEC 6): the page needs myAccount view 17;
 * allocating and the month switch ra-allocate 21; a new card ra-charge 20. `link` false: the
 * refusal says whom to ask instead. The 12G prompt can also be answered on the screen itself.
 */
export function refusalLink(refusal: TrafficRefusal, can: (rule: VisibilityRule) => boolean): boolean {
  if (!can(Perm.AccountView)) return false;
  if (refusal === 'expired') return can(Perm.AccountRaCharge) || can(Perm.AccountRaAllocate);
  return can(Perm.AccountRaAllocate);
}
