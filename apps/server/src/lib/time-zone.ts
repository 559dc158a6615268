/** `UTC+08:00`, `UTC-05:00`, `UTC+05:30`: the name of an offset of `tz` hours in export headers. */
export function tzLabel(tz: number): string {
  const sign = tz < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(tz) * 60);
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
