/** Public entry of features/label: what other features use of it (the only way they reach it). */
export { LabelSelect } from './LabelSelect.tsx';
export { labelKeys } from './label.api.ts';
