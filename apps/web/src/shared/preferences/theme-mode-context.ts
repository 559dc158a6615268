import { createContext, useContext } from 'react';
import type { ThemeMode } from '../theme/theme-mode.ts';

export interface ThemeModeState {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
}

export const ThemeModeContext = createContext<ThemeModeState>({ mode: 'light', setMode: () => undefined });

/** The current light/dark mode and its switch. */
export const useThemeMode = () => useContext(ThemeModeContext);
