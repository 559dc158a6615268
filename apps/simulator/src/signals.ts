import type { ConfigTag, TagValue } from '@hmi/domain';

/*
 * Tag values that look like a machine: each tag gets a pattern picked from its data type and a
 * hash of (SN, tag id), so two devices differ but one device is reproducible. Values are a
 * function of time since start, so a sample can be computed for any instant (backfill).
 */

const RECIPES = ['RCP-PET-500ML', 'RCP-PET-1L', 'RCP-GLASS-330', 'RCP-CAN-250', 'RCP-CLEAN-CIP'];

const INT_RANGE: Record<number, [number, number]> = {
  1: [0, 65_535],
  2: [0, 4_294_967_295],
  3: [0, Number.MAX_SAFE_INTEGER],
  4: [-32_768, 32_767],
  5: [-2_147_483_648, 2_147_483_647],
  6: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** 32-bit FNV-1a, for stable per-tag variety. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export type Signal = (seconds: number) => TagValue;

/** A tag whose unit is a percentage: its values stay within 0..100. */
export const isPercent = (unit: string | undefined) => unit?.trim() === '%';

/**
 * The signal of one tag of one device. A percent tag (unit `%`) of a number type is a level
 * filling to 100 and draining to 0 (never a counter), whatever its data type allows.
 */
export function signalFor(sn: string, tag: Pick<ConfigTag, 'id' | 'type' | 'decimals' | 'unit'>): Signal {
  const h = hash(`${sn}/${tag.id}`);
  const period = 20 + (h % 100); // seconds
  if (isPercent(tag.unit) && tag.type !== 0 && tag.type !== 9) return percentLevel(h, tag);
  switch (tag.type) {
    case 0: {
      // A valve or a motor: toggles every few seconds.
      const every = 3 + (h % 8);
      return (s) => Math.floor(s / every) % 2 === 1;
    }
    case 7:
    case 8: {
      // Temperature, pressure, speed: a sine wave around a set point, with a little noise.
      const base = 20 + (h % 80);
      const amplitude = 2 + (h % 15);
      const decimals = tag.decimals ?? (tag.type === 7 ? 2 : 3);
      return (s) => {
        const noise = ((hash(`${h}:${Math.floor(s)}`) % 1000) / 1000 - 0.5) * amplitude * 0.05;
        return round(base + amplitude * Math.sin((2 * Math.PI * s) / period) + noise, decimals);
      };
    }
    case 9:
      // The running recipe changes now and then.
      return (s) => RECIPES[(Math.floor(s / (period * 3)) + h) % RECIPES.length]!;
    default: {
      const [min, max] = INT_RANGE[tag.type] ?? [0, 65_535];
      if (h % 2 === 0) {
        // A piece counter: grows by a few units a second, wraps at the type's maximum.
        const perSecond = 1 + (h % 5);
        const start = Math.max(min, 0) + (h % 1000);
        const span = max - Math.max(min, 0) + 1;
        return (s) => Math.max(min, 0) + ((start + Math.floor(s * perSecond)) % span);
      }
      // A ramp: a fill level or a position climbing 0..100 then starting over.
      const top = Math.min(max, 100);
      const bottom = Math.max(min, 0);
      return (s) => bottom + Math.floor(((s % period) / period) * (top - bottom + 1));
    }
  }
}

/**
 * A level that rises from 0 to 100 and falls back in 5 to 15 minutes, as a tank does (integer
 * types: whole percents); slow enough that a low-level alarm rule raises now and then, not always.
 */
function percentLevel(h: number, tag: Pick<ConfigTag, 'type' | 'decimals'>): Signal {
  const period = 300 + (h % 600); // seconds
  const decimals = tag.type === 7 || tag.type === 8 ? (tag.decimals ?? 1) : 0;
  const phase = h % period;
  return (s) => {
    const t = ((s + phase) % period) / period; // 0..1
    const level = 100 * (t < 0.5 ? t * 2 : (1 - t) * 2);
    return Math.min(100, Math.max(0, round(level, decimals)));
  };
}

function round(value: number, decimals: number): number {
  const f = 10 ** Math.min(decimals, 6);
  return Math.round(value * f) / f;
}
