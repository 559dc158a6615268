/** Public entry of features/account: what other features use of it (the only way they reach it). */
export { PasswordFields } from './PasswordFields.tsx';
export { accountApi } from './account.api.ts';
export { AreaCodeSelect } from './AreaCodeSelect.tsx';
