/** Public entry of features/message: what other features use of it (the only way they reach it). */
export { formatTime } from './message-format.ts';
export { messageKeys } from './message.api.ts';
