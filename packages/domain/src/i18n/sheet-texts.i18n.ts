import type { Locale } from '../constants/locale.constants.ts';
import sheetsEnUs from './sheets.en-us.json' with { type: 'json' };
import sheetsZhCn from './sheets.zh-cn.json' with { type: 'json' };
import sheetsZhTw from './sheets.zh-tw.json' with { type: 'json' };

/**
 * The columns of an alarm rule sheet, in export order. Their keys are also accepted as headers
 * on import (docs/api.md), so they are part of the file contract, not only texts.
 */
export const alarmRuleSheetColumns = [
  'name',
  'group',
  'level',
  'tag',
  'type',
  'value',
  'target',
  'deviation',
  'deadband',
  'content',
] as const;
export type AlarmRuleSheetColumn = (typeof alarmRuleSheetColumns)[number];

/** The columns of the alarm record export, in order. */
export const alarmRecordSheetColumns = [
  'raised_at',
  'device',
  'name',
  'group',
  'level',
  'type',
  'tag',
  'state',
  'content',
  'value',
  'last_value',
  'times',
  'acked_at',
  'acked_by',
  'recovered_at',
] as const;
export type AlarmRecordSheetColumn = (typeof alarmRecordSheetColumns)[number];

/**
 * The columns of a project's recipe sheet (export and import), in order: one row per item. Their
 * keys are also accepted as headers on import.
 */
export const recipeSheetColumns = ['recipe', 'description', 'device', 'tag', 'value'] as const;
export type RecipeSheetColumn = (typeof recipeSheetColumns)[number];

/** The columns of the recharge record export, in order. */
export const rechargeSheetColumns = [
  'created_at',
  'kind',
  'type',
  'card',
  'device',
  'user',
  'detail',
] as const;
export type RechargeSheetColumn = (typeof rechargeSheetColumns)[number];

/**
 * Texts of the xlsx sheets the server writes. Level and type names are not here: a sheet names
 * them by `terms[locale]`, and the notes list them through placeholders (levels, levelCodes,
 * limitTypes, deviationTypes, onOffTypes, on, off, large, small, bool, codesSheet), joined with
 * `listSeparator`.
 */
export interface SheetTextCatalogue {
  listSeparator: string;
  rules: {
    sheet: string;
    codesSheet: string;
    codesHeader: { kind: string; code: string; name: string };
    levelKind: string;
    typeKind: string;
    /** Each header with its cell note (shown on the header of the import template). */
    columns: Readonly<Record<AlarmRuleSheetColumn, { header: string; note: string }>>;
  };
  records: { sheet: string; columns: Readonly<Record<AlarmRecordSheetColumn, string>> };
  /** A project's recipes: the sheet's name and headers. */
  recipes: { sheet: string; columns: Readonly<Record<RecipeSheetColumn, string>> };
  /** The recharge record export (billing): headers, ledger kinds and card type names. */
  recharge: {
    sheet: string;
    columns: Readonly<Record<RechargeSheetColumn, string>>;
    /** raAllocation: an RA card's allocation (traffic, not TAGs). */
    kinds: Readonly<Record<'activation' | 'allocation' | 'raAllocation' | 'expiry', string>>;
    types: Readonly<Record<'ca' | 'ra', string>>;
  };
}

export const sheetTexts: Readonly<Record<Locale, SheetTextCatalogue>> = {
  'zh-cn': sheetsZhCn,
  'en-us': sheetsEnUs,
  'zh-tw': sheetsZhTw,
};
