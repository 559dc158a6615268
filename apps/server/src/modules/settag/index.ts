/** Tag writes (settag): the module's public entry. The value rule of a write, for whatever stores values to write later (a project's recipes). */
export { checkValue } from './settag.service.ts';
