/** Public entry of features/auth: what other features use of it (the only way they reach it). */
export { AgreementCheckbox } from './AgreementCheckbox.tsx';
export { useValidator } from './use-validator.ts';
