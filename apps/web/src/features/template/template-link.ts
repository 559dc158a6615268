/** The template a `?templateid=` link opens: a positive whole number, else none. */
export function linkedTemplateId(raw: string | null): number | undefined {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * What the editor shows: a new template while one is being created, else the linked template once
 * the list says the user may see it; `missing` when the list answered without it.
 */
export function templateEditorTarget(
  opened: number | undefined,
  creating: boolean,
  linked: { ids: readonly number[] | undefined; settled: boolean },
): { target: number | 'new' | undefined; missing: boolean } {
  const found = opened !== undefined && (linked.ids?.includes(opened) ?? false);
  return {
    target: creating ? 'new' : found ? opened : undefined,
    missing: opened !== undefined && linked.settled && !found,
  };
}
