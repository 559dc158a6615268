/** Public entry of features/role: what other features use of it (the only way they reach it). */
export { MemberGrantsDrawer } from './MemberGrantsDrawer.tsx';
export { DataGrantsEditor } from './DataGrantsEditor.tsx';
export type { PickerSource } from './picker-source.ts';
export { roleKeys } from './role-keys.ts';
export { useRoleList } from './use-roles.ts';
