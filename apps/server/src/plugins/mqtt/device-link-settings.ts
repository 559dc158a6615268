import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_BROKER_LIMITS, type BrokerLimits } from './broker-limits.ts';
import type { RateLimit } from './connect-rate-limiter.ts';
import type { DeviceLink } from './device-link.ts';
import type { DeviceRegistry } from './device-registry.ts';
import { EmbeddedDeviceLink } from './embedded-device-link.ts';
import { ExternalDeviceLink, type ExternalDeviceLinkOptions } from './external-device-link.ts';

/**
 * Settings of the device connection. MQTT_PORT, MQTT_URL, DEVICE_AUTO_REGISTER and the broker
 * limits are in config.ts; the others are read here until config.ts takes them over (same names).
 */
export interface DeviceLinkSettings {
  /** Set: use that external broker; unset: run the embedded one. */
  mqttUrl: string | undefined;
  mqttPort: number;
  host: string | undefined;
  tls: { port: number; certFile: string; keyFile: string } | undefined;
  autoRegister: boolean;
  reconnectLimit: RateLimit;
  /** Embedded broker: packet sizes, unauthenticated time, unbound devices (config.ts `broker`). */
  limits: BrokerLimits;
  shareGroup: string;
  clientId: string | undefined;
  /** External broker: told whether each connection resumed the server's session. */
  onSession?: ExternalDeviceLinkOptions['onSession'];
}

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const mqttEnvSchema = z
  .object({
    MQTT_TLS_PORT: int(8883).pipe(z.number().max(65535)),
    MQTT_TLS_CERT: z.string().min(1).optional(),
    MQTT_TLS_KEY: z.string().min(1).optional(),
    MQTT_SHARE_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ -')
      .default('hmi-cloud'),
    MQTT_CLIENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ -')
      .optional(),
    MQTT_RECONNECT_LIMIT: int(15, 1),
    MQTT_RECONNECT_WINDOW: int(60, 1),
    MQTT_RECONNECT_BLOCK: int(300, 1),
  })
  .refine((e) => (e.MQTT_TLS_CERT === undefined) === (e.MQTT_TLS_KEY === undefined), {
    message: 'set both MQTT_TLS_CERT and MQTT_TLS_KEY, or neither',
    path: ['MQTT_TLS_CERT'],
  });

/** Reads the MQTT settings that config.ts does not (yet) hold; errors name the variable. */
export function readDeviceLinkEnv(
  base: {
    mqttUrl: string | undefined;
    mqttPort: number;
    deviceAutoRegister: boolean;
    host?: string;
    broker?: BrokerLimits;
  },
  env: Record<string, string | undefined> = process.env,
): DeviceLinkSettings {
  const raw = Object.fromEntries(
    Object.keys(mqttEnvSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = mqttEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    mqttUrl: base.mqttUrl,
    mqttPort: base.mqttPort,
    host: base.host,
    tls:
      e.MQTT_TLS_CERT && e.MQTT_TLS_KEY
        ? { port: e.MQTT_TLS_PORT, certFile: e.MQTT_TLS_CERT, keyFile: e.MQTT_TLS_KEY }
        : undefined,
    autoRegister: base.deviceAutoRegister,
    reconnectLimit: {
      limit: e.MQTT_RECONNECT_LIMIT,
      windowMs: e.MQTT_RECONNECT_WINDOW * 1000,
      blockMs: e.MQTT_RECONNECT_BLOCK * 1000,
    },
    limits: base.broker ?? DEFAULT_BROKER_LIMITS,
    shareGroup: e.MQTT_SHARE_GROUP,
    clientId: e.MQTT_CLIENT_ID,
  };
}

/** The embedded broker, or the external broker adapter when MQTT_URL is set. Not started. */
export function createDeviceLink(settings: DeviceLinkSettings, registry: DeviceRegistry): DeviceLink {
  if (settings.mqttUrl) {
    return new ExternalDeviceLink({
      url: settings.mqttUrl,
      shareGroup: settings.shareGroup,
      ...(settings.clientId ? { clientId: settings.clientId } : {}),
      ...(settings.onSession ? { onSession: settings.onSession } : {}),
    });
  }
  return new EmbeddedDeviceLink({
    registry,
    port: settings.mqttPort,
    ...(settings.host ? { host: settings.host } : {}),
    tls: settings.tls && {
      port: settings.tls.port,
      cert: readFileSync(settings.tls.certFile),
      key: readFileSync(settings.tls.keyFile),
    },
    autoRegister: settings.autoRegister,
    reconnectLimit: settings.reconnectLimit,
    limits: settings.limits,
  });
}
