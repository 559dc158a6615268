/** A reply with a non-zero code, or a network failure, after the client handled it. */
export class ApiError extends Error {
  readonly code: number | string;
  readonly data: unknown;
  /** True when the client already showed a toast for it (calls not flagged `manual`). */
  readonly notified: boolean;

  constructor(code: number | string, msg: string, data: unknown, notified: boolean) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.notified = notified;
  }

  /** The `{code, msg}` pair manual calls hand back to their caller. */
  get msg(): string {
    return this.message;
  }
}

/** A request cancelled by the caller, by a sign-out or by a failed refresh: never shown to the user. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
export const isCancelled = (e: unknown): e is CancelledError => e instanceof CancelledError;
