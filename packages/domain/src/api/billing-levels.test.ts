import { describe, expect, it } from 'vitest';
import { FreeTier, TagLevels } from './billing.api.ts';

describe('TAG levels against the free tier (issue 24: paying never makes history coarser)', () => {
  it.each(TagLevels.map((l) => [l.level, l] as const))(
    'level %i collects at least the free TAGs, at most the free interval',
    (_, level) => {
      expect(level.tags).toBeGreaterThanOrEqual(FreeTier.tags);
      expect(level.interval_s).toBeGreaterThan(0);
      expect(level.interval_s).toBeLessThanOrEqual(FreeTier.interval_s);
    },
  );

  it('the free tier is below level 1 (fewer TAGs or a longer interval), and each level a superset of the last', () => {
    const first = TagLevels[0];
    expect(FreeTier.tags < first.tags || FreeTier.interval_s > first.interval_s).toBe(true);
    for (let i = 1; i < TagLevels.length; i++) {
      expect(TagLevels[i]!.tags).toBeGreaterThanOrEqual(TagLevels[i - 1]!.tags);
      expect(TagLevels[i]!.interval_s).toBeLessThanOrEqual(TagLevels[i - 1]!.interval_s);
    }
  });
});
