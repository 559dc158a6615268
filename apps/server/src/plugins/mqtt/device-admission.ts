import { deviceSecretSchema, isSerialNumber } from '@hmi/domain';
import { SlidingWindowLimiter, type RateLimit } from './connect-rate-limiter.ts';
import { authorizeDeviceWill } from './device-acl.ts';
import type { LinkExtension } from './link-extension.ts';
import type { DeviceRegistry } from './device-registry.ts';

/** CONNACK return codes of MQTT 3.1.1 (aedes declares them as a const enum we cannot import). */
export const ConnackCode = {
  IdentifierRejected: 2,
  ServerUnavailable: 3,
  BadCredentials: 4,
  NotAuthorized: 5,
} as const;
export type ConnackCode = (typeof ConnackCode)[keyof typeof ConnackCode];

export const DEFAULT_RECONNECT_LIMIT: RateLimit = { limit: 15, windowMs: 60_000, blockMs: 5 * 60_000 };
export const DEFAULT_AUTH_FAILURE_LIMIT: RateLimit = { limit: 10, windowMs: 60_000, blockMs: 5 * 60_000 };

export interface DeviceAdmissionOptions {
  registry: DeviceRegistry;
  /** Trust on first use (DEVICE_AUTO_REGISTER). */
  autoRegister: boolean;
  reconnectLimit: RateLimit;
  authFailureLimit: RateLimit;
  /** New SNs one address may register within the window; over it refused for a window. */
  autoRegisterLimit: { limit: number; windowMs: number };
  now: () => number;
  /** The protocol extension of the link (its wills are its own, checked once authenticated). */
  extension?: () => LinkExtension | undefined;
}

export interface ConnectAttempt {
  /** The client id. */
  sn: string;
  username: string | undefined;
  password: Buffer | undefined;
  remoteAddress: string | undefined;
  will: { topic: string; payload: Buffer | string } | undefined;
}

export type Admission =
  { ok: true } | { ok: false; code: ConnackCode; reason: string; action: 'connect' | 'will' };

/**
 * Whether a CONNECT may become a device connection (docs/protocol.md, section 1): the SN and
 * credentials, the will, the reconnect flood rule, wrong secrets per SN and address, and trust
 * on first use with its limit of new SNs per address.
 */
export class DeviceAdmission {
  private readonly reconnects: SlidingWindowLimiter;
  private readonly authFailures: SlidingWindowLimiter;
  /** Self-registrations per remote address. */
  private readonly registrations: SlidingWindowLimiter;

  constructor(private readonly options: DeviceAdmissionOptions) {
    this.reconnects = new SlidingWindowLimiter(options.reconnectLimit, options.now);
    this.authFailures = new SlidingWindowLimiter(options.authFailureLimit, options.now);
    const { limit, windowMs } = options.autoRegisterLimit;
    this.registrations = new SlidingWindowLimiter({ limit, windowMs, blockMs: windowMs }, options.now);
  }

  async admit({ sn, username, password, remoteAddress, will }: ConnectAttempt): Promise<Admission> {
    if (!isSerialNumber(sn))
      return refuse(ConnackCode.IdentifierRejected, 'client id is not a serial number');
    if (username !== sn)
      return refuse(ConnackCode.BadCredentials, 'username must equal the client id (the SN)');
    if (!password || password.length === 0 || password.length > 128) {
      return refuse(ConnackCode.BadCredentials, 'missing or oversized secret');
    }
    const extension = this.options.extension?.();
    const extensionWill = will && extension && will.topic.startsWith(extension.prefix) ? will : undefined;
    if (will && !extensionWill) {
      const decision = authorizeDeviceWill(sn, will);
      if (!decision.ok) return refuse(ConnackCode.NotAuthorized, decision.reason, 'will');
    }
    const failureKey = `${sn}@${remoteAddress ?? ''}`;
    if (this.reconnects.isBlocked(sn)) return refuse(ConnackCode.ServerUnavailable, 'reconnecting too often');
    if (this.authFailures.isBlocked(failureKey))
      return refuse(ConnackCode.ServerUnavailable, 'too many wrong secrets');

    const secret = password.toString('utf8');
    const registry = this.options.registry;
    let result = await registry.authenticate(sn, secret);
    if (result === 'unknown' && this.options.autoRegister && registry.register) {
      if (!deviceSecretSchema.safeParse(secret).success) {
        return refuse(ConnackCode.BadCredentials, 'secret not acceptable for registration');
      }
      // Counted before the registration, so that parallel first connections cannot overshoot.
      const address = remoteAddress ?? '';
      if (this.registrations.isBlocked(address) || this.registrations.hit(address))
        return refuse(ConnackCode.ServerUnavailable, 'too many new devices from this address');
      result =
        (await registry.register(sn, secret)) === 'created' ? 'ok' : await registry.authenticate(sn, secret);
    }
    if (result === 'unknown') return refuse(ConnackCode.NotAuthorized, 'unknown device');
    if (result === 'wrong-secret') {
      this.authFailures.hit(failureKey);
      return refuse(ConnackCode.BadCredentials, 'wrong secret');
    }
    if (extensionWill && extension) {
      const payload = Buffer.isBuffer(extensionWill.payload)
        ? extensionWill.payload
        : Buffer.from(extensionWill.payload);
      const decision = await extension.authorizePublish(sn, extensionWill.topic, payload, false, true);
      if (!decision.ok) return refuse(ConnackCode.NotAuthorized, decision.reason, 'will');
    }
    if (this.reconnects.hit(sn)) return refuse(ConnackCode.ServerUnavailable, 'reconnecting too often');
    return { ok: true };
  }
}

function refuse(code: ConnackCode, reason: string, action: 'connect' | 'will' = 'connect'): Admission {
  return { ok: false, code, reason, action };
}
