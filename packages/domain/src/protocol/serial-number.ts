import { z } from 'zod';

/**
 * Device serial numbers (SN). The SN is the MQTT client id, the username and a topic level, so
 * its charset is deliberately narrow: MQTT wildcards ('#', '+'), the level separator ('/'),
 * '$' and whitespace can never appear in one, and a topic built from a valid SN can never
 * reach beyond that device's own prefix.
 */
export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

export const serialNumberSchema = z
  .string()
  .regex(SERIAL_NUMBER_PATTERN, 'must be 4-64 characters of A-Z a-z 0-9 _ -');

/** True when `value` is a well-formed serial number. */
export function isSerialNumber(value: unknown): value is string {
  return typeof value === 'string' && SERIAL_NUMBER_PATTERN.test(value);
}

/**
 * The device secret (the PIN shown on the HMI), sent as the MQTT password. Printable ASCII so
 * that it can be typed from the device screen; the cloud stores only a hash of it.
 */
export const deviceSecretSchema = z
  .string()
  .min(4, 'must be at least 4 characters')
  .max(128, 'must be at most 128 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');
