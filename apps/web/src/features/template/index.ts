/** Public entry of features/template: what other features use of it (the only way they reach it). */
export { TemplateSelect } from './TemplateSelect.tsx';
export { templateKeys } from './template.api.ts';
