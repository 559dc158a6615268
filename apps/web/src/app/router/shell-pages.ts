import type { ComponentType } from 'react';
import { MenuPath } from '@hmi/domain';

/** A signed-in screen that exists. Later issues add their pages here and nowhere else. */
export interface ShellPage {
  path: string;
  /** 'namespace:key' of the page title. */
  title: string;
  load: () => Promise<ComponentType>;
}

/**
 * The registry of implemented signed-in pages. The menu shows only these (filtered by
 * permissions); any other signed-in path goes to the start page — no "coming soon" screens.
 */
export const shellPages: readonly ShellPage[] = [
  {
    path: MenuPath.Profile,
    title: 'menu:system.profile',
    load: () => import('../../pages/system/ProfilePage.tsx').then((m) => m.ProfilePage),
  },
];

export const implementedPaths: ReadonlySet<string> = new Set(shellPages.map((p) => p.path));
