const BYTE_UNITS = ['MB', 'GB', 'TB', 'PB', 'EB'] as const;
const MIB = 1024 ** 2;

/**
 * Byte sizes for traffic and storage (SPEC section 9): base 1024, never below MB, two decimals.
 * 0 -> '0.00 MB', 512 KiB -> '0.50 MB', 1536 MiB -> '1.50 GB'. A value that would round to
 * '1024.00' moves to the next unit. Non-finite input shows as '0.00 MB'.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '0.00 MB';
  let value = Math.abs(bytes) / MIB;
  let unit = 0;
  while (unit < BYTE_UNITS.length - 1 && Number(value.toFixed(2)) >= 1024) {
    value /= 1024;
    unit++;
  }
  const text = value.toFixed(2);
  const sign = bytes < 0 && Number(text) !== 0 ? '-' : '';
  return `${sign}${text} ${BYTE_UNITS[unit]}`;
}

/**
 * A ratio as a percentage with `digits` decimals (one by default): 0.1234 -> '12.3%'. A
 * non-finite ratio (0 / 0 on an empty quota) shows as 0, and negative zero never shows a sign.
 */
export function formatPercent(ratio: number, digits = 1): string {
  const value = Number.isFinite(ratio) ? ratio * 100 : 0;
  const text = value.toFixed(digits);
  return `${Number(text) === 0 ? (0).toFixed(digits) : text}%`;
}
