import { createContext } from 'react';

/*
 * What a running screen knows beyond its widgets: the project's devices the caller may see (the
 * alarm list's scope). ScreenView provides it; a widget drawn outside one (the designer's
 * canvas) has none and shows its sample.
 */
export interface ScreenRuntime {
  /** The project's devices visible to the caller. */
  deviceIds: readonly number[];
  /**
   * A share link's viewer: no session, so nothing beyond the share routes and the socket may be
   * asked (the trend's history, the alarm list): a signed-in call would send the viewer to login.
   */
  shared: boolean;
}

export const ScreenRuntimeContext = createContext<ScreenRuntime | null>(null);
