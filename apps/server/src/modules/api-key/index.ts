/** The api-key module's public entry: what the auth hook needs of keys. */
export { keyRefused } from './key-rules.ts';
