import type { BrokerLimits } from './broker-limits.ts';
import type { RateLimit } from './connect-rate-limiter.ts';
import type { DeviceRegistry } from './device-registry.ts';

export interface EmbeddedDeviceLinkOptions {
  registry: DeviceRegistry;
  /** MQTT over TCP (MQTT_PORT); 0 picks a free port; null listens on no TCP port. */
  port: number | null;
  /** Bind address of the TCP and TLS listeners. */
  host?: string;
  /** MQTT over TLS (MQTT_TLS_PORT with MQTT_TLS_CERT and MQTT_TLS_KEY, PEM contents). */
  tls?: { port: number; cert: string | Buffer; key: string | Buffer } | undefined;
  /** Trust on first use: an unknown SN registers itself with the secret it presents (DEVICE_AUTO_REGISTER). */
  autoRegister: boolean;
  /** Successful connections per SN; over it the SN is refused for a while. Default 15 a minute, 5 minutes. */
  reconnectLimit?: RateLimit;
  /** Wrong secrets per SN and remote address. Default 10 a minute, 5 minutes. */
  authFailureLimit?: RateLimit;
  /** A message handler that has not settled by then counts as failed. Default 30 s. */
  ackTimeoutMs?: number;
  /** Packet sizes, the unauthenticated time, and what unbound devices may register and keep. */
  limits?: Partial<BrokerLimits>;
  /** Clock, injectable for the rate limits. */
  now?: () => number;
}
