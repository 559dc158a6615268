/** Outcome of checking a device's credentials. */
export type DeviceAuthResult = 'ok' | 'wrong-secret' | 'unknown';

/**
 * What the device connection layer needs from the device store, and nothing more, so that the
 * broker does not depend on the database. The implementation over the database arrives with the
 * devices module; tests use `MemoryDeviceRegistry`.
 */
export interface DeviceRegistry {
  /** Checks an SN and the secret it presented (the MQTT password) against the stored hash. */
  authenticate(sn: string, secret: string): Promise<DeviceAuthResult>;
  /**
   * Trust on first use: stores an unknown SN with the hash of the secret it presented.
   * Resolves 'exists' when the SN was registered meanwhile (two first connections racing);
   * the caller then authenticates again. Absent when the store cannot register devices.
   */
  register?(sn: string, secret: string): Promise<'created' | 'exists'>;
  /**
   * True when the device is bound to a team. The broker keeps less for unbound devices (anyone
   * can register an SN on first use); asked only when that matters, so it may cost a query.
   */
  isBound(sn: string): Promise<boolean>;
}
