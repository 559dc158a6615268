/** Public entry of features/session: what other features use of it (the only way they reach it). */
export { useMessageCounts } from './use-message-counts.ts';
