/**
 * `%text%` for a case-insensitive LIKE (compared with the lower-cased column) with its wildcards
 * escaped: use it with `escape '\'`.
 */
export const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
