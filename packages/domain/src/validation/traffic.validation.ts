import { invalid, VALID } from './validation-result.ts';
import type { ValidationResult } from './validation-result.ts';

/**
 * The monthly Remote Access traffic switch (SPEC section 4: "once turned on for a month it cannot
 * be turned off that month"). Months are UTC 'YYYY-MM' strings, which sort as they run.
 */

/** A past month is history: its switch no longer changes. */
export function validateTrafficMonth(month: string, currentMonth: string): ValidationResult {
  return month >= currentMonth ? VALID : invalid('validation.traffic.pastMonth', { month });
}

/**
 * Switching a month off: refused while that month runs if it is on. A month to come that was
 * switched on in advance may still be switched off until it begins.
 */
export function validateTrafficOff(month: string, currentMonth: string, isOn: boolean): ValidationResult {
  return isOn && month === currentMonth ? invalid('validation.traffic.lockedForMonth', { month }) : VALID;
}
