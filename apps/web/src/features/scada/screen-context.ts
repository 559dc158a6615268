import { createContext } from 'react';

/*
 * What a running screen knows beyond its widgets: the project's devices the caller may see (the
 * alarm list's scope). ScreenView provides it; a widget drawn outside one (the designer's
 * canvas) has none and shows its sample.
 */
export interface ScreenRuntime {
  /** The project's devices visible to the caller. */
  deviceIds: readonly number[];
}

export const ScreenRuntimeContext = createContext<ScreenRuntime | null>(null);
