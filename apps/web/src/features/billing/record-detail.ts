import type { RechargeRecordItem } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import type { TextPart } from './billing-display.ts';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Every other non-empty entry as "key: value" (kinds a later server part adds). */
function generic(detail: Record<string, unknown>, skip: readonly string[]): TextPart[] {
  return Object.entries(detail)
    .filter(([k, v]) => !skip.includes(k) && v !== null && v !== undefined && v !== '')
    .map(([k, v]) => ({
      key: 'detail.entry',
      params: { name: k, value: typeof v === 'object' ? JSON.stringify(v) : String(v as string | number) },
    }));
}

const ACTIVATION = ['templates', 'tags', 'level', 'gigabytes', 'expires_at'] as const;
const ALLOCATION = ['level', 'tags', 'from_level'] as const;
const RA_ALLOCATION = ['gigabytes', 'expires_at'] as const;

/** The text key of a record's kind: an RA card's allocation gives traffic, not TAGs. */
export const recordKindKey = (record: Pick<RechargeRecordItem, 'kind' | 'type'>): string =>
  record.kind === 'allocation' && record.type === 'ra'
    ? 'record.kind.raAllocation'
    : `record.kind.${record.kind}`;

/**
 * A record's detail as readable texts of the billing namespace: what an activation brought and
 * until when, what an allocation gave (a new level, or an upgrade from one; an RA card's traffic
 * and until when), and anything else
 * the record carries as name and value.
 */
export function recordDetailParts(record: Pick<RechargeRecordItem, 'kind' | 'type' | 'detail'>): TextPart[] {
  const d = record.detail;
  if (record.kind === 'allocation' && record.type === 'ra') {
    const gigabytes = num(d.gigabytes);
    const expires = num(d.expires_at);
    const parts: TextPart[] = [];
    if (gigabytes !== undefined) parts.push({ key: 'detail.raAllocated', params: { count: gigabytes } });
    if (expires !== undefined)
      parts.push({ key: 'detail.expires', params: { date: formatDateTime(expires) } });
    return [...parts, ...generic(d, RA_ALLOCATION)];
  }
  if (record.kind === 'activation') {
    const parts: TextPart[] = [];
    const templates = num(d.templates);
    const tags = num(d.tags);
    const gigabytes = num(d.gigabytes);
    const expires = num(d.expires_at);
    if (templates) parts.push({ key: 'detail.templates', params: { count: templates } });
    if (tags) parts.push({ key: 'detail.tags', params: { count: tags, level: num(d.level) ?? '-' } });
    if (gigabytes) parts.push({ key: 'detail.gigabytes', params: { count: gigabytes } });
    if (expires !== undefined)
      parts.push({ key: 'detail.expires', params: { date: formatDateTime(expires) } });
    return [...parts, ...generic(d, ACTIVATION)];
  }
  if (record.kind === 'allocation') {
    const level = num(d.level);
    const from = num(d.from_level);
    const tags = num(d.tags) ?? 0;
    const parts: TextPart[] =
      level === undefined
        ? []
        : [
            from === undefined
              ? { key: 'detail.allocated', params: { level, count: tags } }
              : { key: 'detail.upgraded', params: { from, level, count: tags } },
          ];
    return [...parts, ...generic(d, ALLOCATION)];
  }
  return generic(d, []);
}
