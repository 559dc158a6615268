import { z } from 'zod';

/** Data center regions (SPEC section 9). */
export const Region = { China: 'cn', India: 'in', Europe: 'eu' } as const;
export type Region = (typeof Region)[keyof typeof Region];
export const regions = Object.values(Region) as readonly Region[];
export const regionSchema = z.enum(regions as [Region, ...Region[]]);

/** Labels of the regions as the spec names them (china, india, europe). */
export const regionLabels: Readonly<Record<Region, string>> = { cn: 'china', in: 'india', eu: 'europe' };

/** True when `value` is a known region code. */
export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (regions as readonly string[]).includes(value);
}

/** Phone area codes offered at registration. */
export const PHONE_AREA_CODES = ['+86'] as const;
export const DEFAULT_PHONE_AREA_CODE = '+86';

/** Registration methods (names as in the loginInfo contract). */
export const RegisterMethod = { Phone: 'phone', Mail: 'mail' } as const;
export type RegisterMethod = (typeof RegisterMethod)[keyof typeof RegisterMethod];
