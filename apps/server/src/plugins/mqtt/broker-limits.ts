import { MAX_DEVICE_PAYLOAD_BYTES } from '@hmi/domain';
import type { PacketLimits } from './packet-guard.ts';

/** What the embedded broker lets a connection cost (docs/protocol.md, "Limits"). */
export interface BrokerLimits extends PacketLimits {
  /**
   * Largest retained `state` payload kept for a device not bound to a team, bytes
   * (DEVICE_UNBOUND_STATE_BYTES); a larger one is processed but not retained.
   */
  unboundStateBytes: number;
  /**
   * Trust on first use: new SNs one address may register within the window
   * (DEVICE_AUTO_REGISTER_LIMIT, DEVICE_AUTO_REGISTER_WINDOW); further ones are refused until
   * the window has passed.
   */
  autoRegisterLimit: { limit: number; windowMs: number };
}

export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  // The largest payload plus room for the fixed header, topic and packet id.
  maxPacketBytes: MAX_DEVICE_PAYLOAD_BYTES + 1024,
  // SN, username and secret (at most 64 + 64 + 128 bytes), the will and framing fit many times.
  maxConnectBytes: 4096,
  connectTimeoutMs: 10_000,
  // A state carries a few short fields (each at most 128 characters).
  unboundStateBytes: 2048,
  autoRegisterLimit: { limit: 20, windowMs: 3600_000 },
};
