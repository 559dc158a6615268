/** Public entry of features/project: what other features use of it (the only way they reach it). */
export { projectKeys } from './project.api.ts';
export { referencesOf } from './ProjectFailure.tsx';
export { designerHref, runtimeHref } from './project-links.ts';
