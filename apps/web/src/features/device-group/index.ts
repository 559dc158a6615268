/** Public entry of features/device-group: what other features use of it (the only way they reach it). */
export { GroupTreeSelect } from './GroupTreeSelect.tsx';
export { groupKeys } from './group.api.ts';
