import {
  Limits,
  ReadWriteType,
  TagDataType,
  type TagFields,
  type TemplateTag,
  type TemplateTagInput,
} from '@hmi/domain';

/** A row of the tags editor: the tag (its fields as the domain declares them) plus a stable key for React (new rows have no id yet). */
export interface TagRow extends TagFields {
  key: string;
  id?: number;
}

export type TagField = 'name' | 'decimals';
/** Problems of one row: field -> i18n key of the template namespace. */
export type TagProblems = Map<string, Partial<Record<TagField, string>>>;

export const TAG_NAME_MAX = 255;
/** Decimals of a tag: 0-14 (the wide case of SPEC section 5; the contract allows 14). */
export const TAG_DECIMALS_MAX = Limits.monitorDecimalsWideMax;

let seq = 0;
const nextKey = () => `new-${++seq}`;

export const rowsOf = (tags: readonly TemplateTag[]): TagRow[] =>
  tags.map((t) => ({ ...t, key: `tag-${t.id}` }));

/** An empty row with a free default name (tag_1, tag_2...). */
export function newRow(rows: readonly TagRow[]): TagRow {
  const taken = new Set(rows.map((r) => r.name));
  let n = rows.length + 1;
  while (taken.has(`tag_${n}`)) n++;
  return {
    key: nextKey(),
    name: `tag_${n}`,
    data_type: TagDataType.INT16,
    rw: ReadWriteType.ReadWrite,
    address: '',
    unit: '',
    decimals: 0,
    description: '',
  };
}

/** Names required, at most 255 characters and unique; decimals 0-14 and only for numbers. */
export function checkRows(rows: readonly TagRow[]): TagProblems {
  const problems: TagProblems = new Map();
  const seen = new Map<string, number>();
  for (const r of rows) {
    const name = r.name.trim();
    if (name) seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  for (const r of rows) {
    const p: Partial<Record<TagField, string>> = {};
    const name = r.name.trim();
    if (!name) p.name = 'tags.nameRequired';
    else if (name.length > TAG_NAME_MAX) p.name = 'tags.nameLength';
    else if ((seen.get(name) ?? 0) > 1) p.name = 'tags.nameDuplicate';
    if (!Number.isInteger(r.decimals) || r.decimals < 0 || r.decimals > TAG_DECIMALS_MAX)
      p.decimals = 'tags.decimalsRange';
    if (p.name || p.decimals) problems.set(r.key, p);
  }
  return problems;
}

/** Decimals mean nothing for BOOL and STRING tags. */
export const hasDecimals = (dataType: number) =>
  dataType !== TagDataType.BOOL && dataType !== TagDataType.STRING;

/** The tags as the add/edit calls take them (existing tags keep their id). */
export function toTagInputs(rows: readonly TagRow[]): TemplateTagInput[] {
  return rows.map((r) => ({
    ...(r.id !== undefined ? { id: r.id } : {}),
    name: r.name.trim(),
    data_type: r.data_type as TemplateTagInput['data_type'],
    rw: r.rw as NonNullable<TemplateTagInput['rw']>,
    address: r.address.trim(),
    unit: r.unit.trim(),
    decimals: hasDecimals(r.data_type) ? r.decimals : 0,
    description: r.description.trim(),
  }));
}
