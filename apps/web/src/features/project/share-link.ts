import { ShareLimits, type ShareItem, type ShareState } from '@hmi/domain';

/*
 * The pure side of share links: the address a viewer opens, the expiry a form asks for, and a
 * link's state as the list shows it.
 */

/** Where the console runs: `location.origin` and `location.pathname` (tests pass their own). */
export interface ConsoleLocation {
  origin: string;
  pathname: string;
}

/**
 * The viewer's address: `<origin><path>#/scada?share=<token>`. The token goes in the fragment,
 * never in the query: a fragment is not sent to any server, neither in a request line nor in a
 * Referer (the viewer sends it only in the X-Share-Token header and the socket's query).
 */
export function shareLink(token: string, at: ConsoleLocation = window.location): string {
  return `${at.origin}${at.pathname}#/scada?${new URLSearchParams({ share: token }).toString()}`;
}

export type ExpiryUnit = 'hours' | 'days';

/** The expiry a form asks for, in hours (undefined: outside 1 hour to 1 year, or not a whole number). */
export function expiryHours(amount: number | null | undefined, unit: ExpiryUnit): number | undefined {
  if (amount == null || !Number.isInteger(amount)) return undefined;
  const hours = unit === 'days' ? amount * 24 : amount;
  return hours >= ShareLimits.expiresInHoursMin && hours <= ShareLimits.expiresInHoursMax ? hours : undefined;
}

/** The largest amount of a unit (8760 hours, 365 days). */
export const expiryMax = (unit: ExpiryUnit): number =>
  unit === 'days' ? Math.floor(ShareLimits.expiresInHoursMax / 24) : ShareLimits.expiresInHoursMax;

/**
 * A link's state now: revoked first (it stays revoked), then expired once its time is past even
 * when the list was read before (the server's state is as of the read).
 */
export function shareStateAt(item: ShareItem, now: number): ShareState {
  if (item.revoked_at !== null || item.state === 'revoked') return 'revoked';
  if (item.state === 'expired' || item.expires_at <= now) return 'expired';
  return 'active';
}

export const shareStateColor: Record<ShareState, string> = {
  active: 'success',
  expired: 'default',
  revoked: 'error',
};
