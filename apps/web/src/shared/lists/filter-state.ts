import type { Dayjs } from 'dayjs';

/** How long typing pauses before a list searches. */
export const SEARCH_DEBOUNCE_MS = 350;

/** The search parameter of typed text: trimmed, undefined when empty. */
export function searchParam(text: string): string | undefined {
  return text.trim() || undefined;
}

/** Whether typed text differs from the search the list shows (the URL's). */
export function searchChanged(text: string, current: string | undefined): boolean {
  return text.trim() !== (current ?? '');
}

/** A picked time as the list's bound: to the start or the end of its minute or day, or as picked. */
export function timeBound(
  picked: Dayjs | null | undefined,
  edge: 'start' | 'end',
  unit?: 'minute' | 'day',
): number | undefined {
  if (!picked) return undefined;
  if (!unit) return picked.valueOf();
  return (edge === 'start' ? picked.startOf(unit) : picked.endOf(unit)).valueOf();
}
