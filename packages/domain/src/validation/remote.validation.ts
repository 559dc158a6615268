import { invalid, VALID } from './validation-result.ts';
import type { ValidationResult } from './validation-result.ts';

/** -1, 0, 1 comparing dotted versions numerically ('2.10' > '2.9'); parts that are not numbers count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/**
 * Remote access needs an HMI firmware of at least the configured minimum (SPEC 9: "HMI version
 * must be at least {ip}"; `ip` carries the minimum version). No minimum: any firmware.
 */
export function validateHmiVersion(firmware: string, minimum: string | undefined): ValidationResult {
  if (!minimum || compareVersions(firmware || '0', minimum) >= 0) return VALID;
  return invalid('validation.remote.hmiVersion', { ip: minimum });
}
