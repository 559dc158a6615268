import {
  ErrorCode,
  TagDataType,
  tagDataTypeName,
  type Recipe,
  type RecipeItem,
  type RecipeValue,
} from '@hmi/domain';
import { ApiError, isApiError } from '../../shared/http/http-errors.ts';
import { parseWriteInput } from '../monitor/index.ts';

/*
 * The recipe editor's rules that need no screen: its form values from a stored recipe and back,
 * an item's value checked as the server checks a tag write, and where a refused save's errors go.
 */

/** One row of the items table; a value is held as a write sends it (BOOL true/false...). */
export interface RecipeRowValues {
  device_id?: number;
  tag_id?: number;
  value?: RecipeValue;
}

export interface RecipeFormValues {
  name: string;
  description?: string;
  items?: RecipeRowValues[];
}

/** The editor's values for a stored recipe, or a new one's (one empty row to start from). */
export function formValuesOf(recipe: Recipe | undefined): RecipeFormValues {
  if (!recipe) return { name: '', description: '', items: [{}] };
  return {
    name: recipe.name,
    description: recipe.description,
    items: recipe.items.map((i) => ({ device_id: i.device_id, tag_id: i.tag_id, value: i.value })),
  };
}

/** The rows as the contract's items (the form checked every row first). */
export function itemsOf(rows: readonly RecipeRowValues[] | undefined): RecipeItem[] {
  return (rows ?? []).flatMap((r) =>
    r.device_id !== undefined && r.tag_id !== undefined && r.value !== undefined
      ? [{ device_id: r.device_id, tag_id: r.tag_id, value: r.value }]
      : [],
  );
}

/** What a row starts with once its tag is picked: off for BOOL, empty text, no number. */
export function initialValue(dataType: number | undefined): RecipeValue | undefined {
  if (dataType === TagDataType.BOOL) return false;
  if (dataType === TagDataType.STRING) return '';
  return undefined;
}

export type ValueProblem = { key: 'required' } | { key: 'value'; params: { type: string } };

/**
 * An item's value against its tag's data type, by the rule of a tag write (the data monitor's
 * check, which is the server's: SPEC section 5 ranges; 64-bit integers beyond 2^53 as text).
 */
export function valueProblem(
  value: RecipeValue | undefined | null,
  dataType: number,
): ValueProblem | undefined {
  if (value === undefined || value === null || (value === '' && dataType !== TagDataType.STRING))
    return { key: 'required' };
  if (dataType === TagDataType.BOOL)
    return typeof value === 'boolean' || value === 0 || value === 1
      ? undefined
      : { key: 'value', params: { type: 'BOOL' } };
  const parsed = parseWriteInput(String(value), dataType);
  return parsed.ok
    ? undefined
    : { key: 'value', params: { type: tagDataTypeName(dataType) ?? String(dataType) } };
}

/** Whether the (device, tag) of row `index` is also an earlier row's (`validation.recipeItem.duplicate`). */
export function isDuplicate(rows: readonly RecipeRowValues[] | undefined, index: number): boolean {
  const row = rows?.[index];
  if (row?.device_id === undefined || row.tag_id === undefined) return false;
  return (rows ?? []).slice(0, index).some((r) => r.device_id === row.device_id && r.tag_id === row.tag_id);
}

/** A dotted field path of a reply (`items.2.tag_id`) as the form's name path (['items', 2, 'tag_id']). */
export function namePath(path: string | number | readonly (string | number)[]): (string | number)[] {
  if (Array.isArray(path)) return [...(path as (string | number)[])];
  return String(path)
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * A 1006 reply naming several fields (every bad item of a save) as one failure per field, so each
 * goes under its own row (the shared failure placing takes a reply's first field); any other
 * failure as it is.
 */
export function oneFailurePerField(e: unknown): unknown[] {
  if (!isApiError(e) || e.code !== ErrorCode.E1006_BAD_PARAMETER) return [e];
  const data = e.data as { fields?: unknown[] } | null;
  if (!Array.isArray(data?.fields) || data.fields.length < 2) return [e];
  return data.fields.map((f) => new ApiError(e.code, e.msg, { ...data, fields: [f] }, e.notified));
}

/** The rows whose device a 1089 names (`data.device_ids`: devices no longer in the project). */
export function rowsOutsideProject(e: unknown, rows: readonly RecipeRowValues[] | undefined): number[] {
  if (!isApiError(e) || e.code !== ErrorCode.E1089_DEVICE_NOT_IN_PROJECT) return [];
  const ids = (e.data as { device_ids?: unknown } | null)?.device_ids;
  if (!Array.isArray(ids)) return [];
  return (rows ?? []).flatMap((r, i) => (r.device_id !== undefined && ids.includes(r.device_id) ? [i] : []));
}

/** What applying writes: this many values to this many devices (those the caller sees). */
export function applyScope(recipe: Pick<Recipe, 'items'>): { values: number; devices: number } {
  return { values: recipe.items.length, devices: new Set(recipe.items.map((i) => i.device_id)).size };
}
