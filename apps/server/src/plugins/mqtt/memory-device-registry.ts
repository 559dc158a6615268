import type { DeviceAuthResult, DeviceRegistry } from './device-registry.ts';
import { hashDeviceSecret, verifyDeviceSecret } from './device-secret.ts';

/**
 * A device registry kept in a Map: the hashing is real, only the storage is in memory. For
 * tests, benchmarks and the simulator-only setups; the server uses the database one.
 */
export class MemoryDeviceRegistry implements DeviceRegistry {
  private readonly hashes = new Map<string, string>();
  private readonly bound = new Set<string>();
  /** Registrations in progress, so that two racing first connections store one hash. */
  private readonly pending = new Map<string, Promise<'created' | 'exists'>>();

  async authenticate(sn: string, secret: string): Promise<DeviceAuthResult> {
    await this.pending.get(sn)?.catch(() => undefined);
    const hash = this.hashes.get(sn);
    if (hash === undefined) return 'unknown';
    return (await verifyDeviceSecret(secret, hash)) ? 'ok' : 'wrong-secret';
  }

  register(sn: string, secret: string): Promise<'created' | 'exists'> {
    if (this.hashes.has(sn)) return Promise.resolve('exists');
    const inFlight = this.pending.get(sn);
    if (inFlight) return inFlight.then(() => 'exists' as const);
    const job = hashDeviceSecret(secret)
      .then((hash) => {
        this.hashes.set(sn, hash);
        return 'created' as const;
      })
      .finally(() => this.pending.delete(sn));
    this.pending.set(sn, job);
    return job;
  }

  isBound(sn: string): Promise<boolean> {
    return Promise.resolve(this.bound.has(sn));
  }

  /** Marks a registered device as bound to a team (what the console's binding does). */
  bind(sn: string): void {
    if (this.hashes.has(sn)) this.bound.add(sn);
  }

  has(sn: string): boolean {
    return this.hashes.has(sn);
  }

  delete(sn: string): boolean {
    this.bound.delete(sn);
    return this.hashes.delete(sn);
  }
}
