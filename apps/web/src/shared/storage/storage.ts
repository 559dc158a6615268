import { STORAGE_PREFIX, StorageKey } from './storage-keys.ts';

/** Keys that belong to one signed-in session: localStorage with "remember me", else sessionStorage. */
const sessionKeys: ReadonlySet<StorageKey> = new Set<StorageKey>([
  StorageKey.TOKEN,
  StorageKey.REFRESHTOKEN,
  StorageKey.HOST,
  StorageKey.USER_INFO,
]);

function safe(area: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[area];
  } catch {
    // Storage can throw in privacy modes; the console then works for the tab's lifetime only.
    return undefined;
  }
}

const full = (key: StorageKey) => STORAGE_PREFIX + key;

function read(key: StorageKey): string | null {
  const k = full(key);
  if (sessionKeys.has(key)) {
    const fromSession = safe('sessionStorage')?.getItem(k);
    if (fromSession != null) return fromSession;
  }
  return safe('localStorage')?.getItem(k) ?? null;
}

/** Where the current session lives: the area that holds the token (localStorage if none). */
function sessionArea(): Storage | undefined {
  const k = full(StorageKey.TOKEN);
  if (safe('sessionStorage')?.getItem(k) != null) return safe('sessionStorage');
  return safe('localStorage');
}

function write(key: StorageKey, value: string, area?: Storage): void {
  const target = area ?? (sessionKeys.has(key) ? sessionArea() : safe('localStorage'));
  target?.setItem(full(key), value);
}

function remove(key: StorageKey): void {
  safe('localStorage')?.removeItem(full(key));
  safe('sessionStorage')?.removeItem(full(key));
}

export interface SessionTokens {
  token: string;
  refresh_token: string;
  host: string;
  region: string;
}

/** The one module in front of browser storage (SPEC section 3). */
export const storage = {
  get: read,
  set: (key: StorageKey, value: string) => write(key, value),
  remove,
  getJson<T>(key: StorageKey): T | undefined {
    const raw = read(key);
    if (raw == null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
  setJson: (key: StorageKey, value: unknown) => write(key, JSON.stringify(value)),

  token: () => read(StorageKey.TOKEN),
  refreshToken: () => read(StorageKey.REFRESHTOKEN),
  host: () => read(StorageKey.HOST) ?? '',

  /** Saves a fresh sign-in; "remember me" decides whether it survives closing the browser. */
  saveSession(tokens: SessionTokens, remember: boolean): void {
    for (const key of sessionKeys) remove(key);
    const area = remember ? safe('localStorage') : safe('sessionStorage');
    write(StorageKey.TOKEN, tokens.token, area);
    write(StorageKey.REFRESHTOKEN, tokens.refresh_token, area);
    write(StorageKey.HOST, tokens.host, area);
    if (tokens.region) write(StorageKey.CURRENTREGION, tokens.region, safe('localStorage'));
  },
  /** Replaces the token pair after a refresh, in the area the session already lives in. */
  updateTokens(token: string, refreshToken: string): void {
    const area = sessionArea();
    write(StorageKey.TOKEN, token, area);
    write(StorageKey.REFRESHTOKEN, refreshToken, area);
  },
  /** Works in another region of the account from now on (GET /global/region): its host. */
  switchRegion(host: string, region: string, token?: string): void {
    write(StorageKey.HOST, host, sessionArea());
    if (token) write(StorageKey.TOKEN, token, sessionArea());
    write(StorageKey.CURRENTREGION, region, safe('localStorage'));
  },
  /** Forgets the tokens (1055). */
  clearToken(): void {
    remove(StorageKey.TOKEN);
    remove(StorageKey.REFRESHTOKEN);
    remove(StorageKey.USER_INFO);
  },
  /** Forgets tokens and the regional host (failed refresh, sign out). */
  clearSession(): void {
    storage.clearToken();
    remove(StorageKey.HOST);
  },
};
