import { storage } from '../storage/storage.ts';
import { StorageKey } from '../storage/storage-keys.ts';

export type ThemeMode = 'light' | 'dark';

/** The stored theme; index.html applied the same value to <html> before first paint. */
export function readThemeMode(): ThemeMode {
  return storage.get(StorageKey.THEME) === 'dark' ? 'dark' : 'light';
}

/** Stores the theme and mirrors it on <html> (class + color-scheme) for our own surfaces. */
export function applyThemeMode(mode: ThemeMode): void {
  storage.set(StorageKey.THEME, mode);
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
}
