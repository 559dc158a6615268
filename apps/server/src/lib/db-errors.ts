/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * Runs `write`; when it fails on a unique constraint (a concurrent write took the name first,
 * after the check that it was free), throws `error()` instead, the answer the check would have
 * given. Any other failure passes unchanged.
 */
export async function onUniqueViolation<T>(write: () => Promise<T>, error: () => Error): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw error();
    throw err;
  }
}
