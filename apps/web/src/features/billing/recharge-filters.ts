import {
  cardKindSchema,
  rechargeKindSchema,
  type CardKind,
  type RechargeKind,
  type RechargeRecordQuery,
} from '@hmi/domain';
import type { RechargeExportParams } from './billing.api.ts';

/** The recharge records screen's filters, kept in the URL. */
export interface RechargeFilters {
  kind?: RechargeKind | undefined;
  type?: CardKind | undefined;
  from?: number | undefined;
  to?: number | undefined;
  page: number;
  pageSize: number;
}

export const RECHARGE_PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

const intOf = (v: string | null): number | undefined => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  return Number(v);
};

/** Filters from the URL; anything malformed is left out (a hand-edited link still opens the list). */
export function parseRechargeFilters(search: URLSearchParams): RechargeFilters {
  const kind = rechargeKindSchema.safeParse(search.get('kind'));
  const type = cardKindSchema.safeParse(search.get('type'));
  const size = intOf(search.get('size'));
  return {
    kind: kind.success ? kind.data : undefined,
    type: type.success ? type.data : undefined,
    from: intOf(search.get('from')),
    to: intOf(search.get('to')),
    page: Math.max(1, intOf(search.get('page')) ?? 1),
    pageSize: RECHARGE_PAGE_SIZES.find((s) => s === size) ?? DEFAULT_PAGE_SIZE,
  };
}

export function rechargeFiltersToSearch(f: RechargeFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.kind) out.set('kind', f.kind);
  if (f.type) out.set('type', f.type);
  if (f.from !== undefined) out.set('from', String(f.from));
  if (f.to !== undefined) out.set('to', String(f.to));
  if (f.page > 1) out.set('page', String(f.page));
  if (f.pageSize !== DEFAULT_PAGE_SIZE) out.set('size', String(f.pageSize));
  return out;
}

const filterParams = (f: RechargeFilters) => ({
  ...(f.kind ? { kind: f.kind } : {}),
  ...(f.type ? { type: f.type } : {}),
  ...(f.from !== undefined ? { from: f.from } : {}),
  ...(f.to !== undefined ? { to: f.to } : {}),
});

export const toRechargeQuery = (f: RechargeFilters): RechargeRecordQuery => ({
  ...filterParams(f),
  page: f.page,
  page_size: f.pageSize,
});

/** The export takes the same filters as the list, without paging, and the UTC offset in hours. */
export const toRechargeExport = (f: RechargeFilters, tz: number): RechargeExportParams => ({
  ...filterParams(f),
  tz,
});

/** How many filters are set (the filter button's badge). */
export const activeRechargeFilters = (f: RechargeFilters): number =>
  [f.kind, f.type, f.from ?? f.to].filter((v) => v !== undefined).length;
