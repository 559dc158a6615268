/** Public entry of features/message: what other features use of it (the only way they reach it). */
export { messageKeys } from './message.api.ts';
