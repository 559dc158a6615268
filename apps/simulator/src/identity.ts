import { createHash, createHmac } from 'node:crypto';
import type { DeviceKind } from '@hmi/domain';

export interface SimulatedIdentity {
  sn: string;
  /** The device secret, which is also the PIN a user binds the device with. */
  secret: string;
}

/**
 * The SN and PIN of simulated device number `index` (from 1): a pure function of the seed, so
 * a device bound once keeps its identity across runs. `SIMH-3f9a1c-00001` is an HMI,
 * `SIMG-...` a gateway; the PIN is eight digits.
 */
export function simulatedIdentity(seed: string, index: number, kind: DeviceKind): SimulatedIdentity {
  if (!Number.isInteger(index) || index < 0 || index > 99_999) throw new RangeError('index must be 0..99999');
  const tag = createHash('sha256').update(seed).digest('hex').slice(0, 6);
  const sn = `SIM${kind === 'hmi' ? 'H' : 'G'}-${tag}-${String(index).padStart(5, '0')}`;
  const digest = createHmac('sha256', `hmi-simulator:${seed}`).update(sn).digest();
  const secret = String(digest.readUInt32BE(0) % 100_000_000).padStart(8, '0');
  return { sn, secret };
}
