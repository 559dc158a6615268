/** A named team item (label, alarm group, zone, role...) as a named list shows it. */
export interface NamedItem {
  id: number;
  name: string;
}

/** The names of the other items: what a new or renamed name must not repeat. */
export function otherNames(items: readonly NamedItem[], except?: NamedItem): string[] {
  return items.filter((i) => i.id !== except?.id).map((i) => i.name);
}

/**
 * What saving a rename does: `invalid` while the name has an error (nothing is sent), `unchanged`
 * when the trimmed name is the item's own (the row just closes), else `save` with the trimmed name.
 */
export function renameStep(
  item: NamedItem,
  value: string,
  error: string | undefined,
): { step: 'invalid' } | { step: 'unchanged' } | { step: 'save'; name: string } {
  if (error !== undefined) return { step: 'invalid' };
  const name = value.trim();
  return name === item.name ? { step: 'unchanged' } : { step: 'save', name };
}
