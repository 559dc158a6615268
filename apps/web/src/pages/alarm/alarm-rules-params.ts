/** A positive whole number of the link (`?templateid=`, `?group=`), else none. */
export function positiveParam(raw: string | null): number | undefined {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The link with one parameter set or cleared; another template clears the group filter. */
export function withRulesParam(
  search: URLSearchParams,
  key: 'templateid' | 'group',
  value: number | undefined,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value === undefined) next.delete(key);
  else next.set(key, String(value));
  if (key === 'templateid') next.delete('group');
  return next;
}

/** Names the edited (or new) rule must not take: every other rule's of the template. */
export function otherRuleNames(
  rules: readonly { id: number; name: string }[],
  editingId: number | undefined,
): string[] {
  return rules.filter((r) => r.id !== editingId).map((r) => r.name);
}
