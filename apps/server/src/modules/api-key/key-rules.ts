import { API_BASE, ApiKeyPaths, AuthPaths } from '@hmi/domain';

/** The profile read stays open to keys: scripts check who they act as. */
const OPEN = new Set([`${API_BASE}${AuthPaths.userInfo}`]);
const KEYS = `${API_BASE}${ApiKeyPaths.list}`.replace(/\/list$/, '/');

/**
 * Routes a key never reaches (1002): the account itself (/global/..., editUserInfo, logout),
 * its team membership (/team/...: leaving, joining by invitation), tokens (/refreshtoken) and
 * keys (/apikey/...). A key reads and operates; it never changes who its user is, which team
 * they are in or what they may do, nor makes another key.
 */
export function keyRefused(url: string): boolean {
  if (OPEN.has(url)) return false;
  return (
    url.startsWith(`${API_BASE}/global/`) ||
    url.startsWith(`${API_BASE}/team/`) ||
    url === `${API_BASE}${AuthPaths.editUserInfo}` ||
    url === `${API_BASE}${AuthPaths.refresh}` ||
    url.startsWith(KEYS)
  );
}
