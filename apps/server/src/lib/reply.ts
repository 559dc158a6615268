import type { Envelope } from '@hmi/domain';

/** The success envelope of every /v1 reply. */
export const ok = <T>(data: T): Envelope<T> => ({ code: 0, data, msg: 'success' });
