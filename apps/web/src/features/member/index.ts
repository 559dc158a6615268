/** Public entry of features/member: what other features use of it (the only way they reach it). */
export { memberKeys } from './member.api.ts';
export type { MemberRowAction } from './MemberRowActions.tsx';
