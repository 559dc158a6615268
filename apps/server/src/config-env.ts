import { LiveLimits, regionSchema } from '@hmi/domain';
import { z } from 'zod';
import { DEFAULT_BROKER_LIMITS as broker } from './plugins/mqtt/broker-limits.ts';

// The environment variables config.ts reads, with their defaults and bounds.

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));
const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const url = (protocols: RegExp) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), {
      message: `must be a URL (${protocols.source})`,
    });

/** Environment variables, by their documented names (apps/server/README.md). */
export const envSchema = z.object({
  PORT: int(8080).pipe(z.number().max(65535)),
  HOST_BIND: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: url(/^postgres(ql)?:$/),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .optional(),
  MQTT_PORT: int(1883).pipe(z.number().max(65535)),
  MQTT_URL: url(/^(mqtts?|wss?|tcp|ssl):$/),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ -')
    .optional(),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ -')
    .optional(),
  /** With MQTT_URL: the Mosquitto dynamic security admin the server registers devices as (both or neither). */
  MQTT_DYNSEC_USER: z.string().min(1).max(256).optional(),
  MQTT_DYNSEC_PASSWORD: z.string().min(1).max(256).optional(),
  // 268435460: the largest packet MQTT can frame (a 4-byte remaining length of 268435455).
  MQTT_MAX_PACKET_BYTES: int(broker.maxPacketBytes, 1024).pipe(z.number().max(268_435_460)),
  MQTT_MAX_CONNECT_BYTES: int(broker.maxConnectBytes, 512).pipe(z.number().max(65_536)),
  MQTT_CONNECT_TIMEOUT: int(broker.connectTimeoutMs / 1000, 1).pipe(z.number().max(300)),
  DEVICE_UNBOUND_STATE_BYTES: int(broker.unboundStateBytes),
  DEVICE_AUTO_REGISTER_LIMIT: int(broker.autoRegisterLimit.limit, 1),
  DEVICE_AUTO_REGISTER_WINDOW: int(broker.autoRegisterLimit.windowMs / 1000, 1),
  BUS_URL: url(/^(redis|rediss|nats):$/),
  // How long a device partition lease holds without renewal (s): a dead server's devices move after about this.
  PARTITION_LEASE: int(10, 2).pipe(z.number().max(300)),
  // Where the other servers of a cluster reach this one (tunnel sockets are forwarded to their holder).
  INTERNAL_URL: url(/^https?:$/),
  // Channel names start with it: clusters sharing one Redis or NATS never meet.
  BUS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .default('hmi'),
  // GET /metrics asks for it as a bearer token; unset: only loopback and private addresses are served.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  SMTP_URL: url(/^smtps?:$/),
  SMTP_FROM: z.string().min(3).default('HMI Cloud <no-reply@hmi-cloud.local>'),
  REGION: regionSchema.default('eu'),
  PEER_REGIONS: list.pipe(z.array(regionSchema)),
  // A directory (docs/regions.md): each region's host, `cn=https://cn.example.com,eu=...`.
  REGION_HOSTS: list.pipe(
    z.array(
      z
        .string()
        .regex(/^[a-z]+=https?:\/\/\S+$/, 'must be region=URL pairs, comma-separated')
        .transform((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at), pair.slice(at + 1).replace(/\/+$/, '')] as const;
        })
        .pipe(z.tuple([regionSchema, z.url()])),
    ),
  ),
  // A region of a directory: where its JWKS and account calls are.
  DIRECTORY_URL: url(/^https?:$/),
  // Seconds between two reads of the directory's keys (a region).
  JWKS_REFRESH: int(300, 5),
  // Seconds a new signing key is published before it signs (a directory, docs/regions.md).
  SIGNING_KEY_OVERLAP: int(600, 0),
  // Calls per API key and second on each server, and the burst it may spend at once.
  API_KEY_RATE: int(10, 1),
  API_KEY_BURST: int(20, 1),
  PUBLIC_URL: url(/^https?:$/),
  ACCESS_TOKEN_TTL: int(900, 1),
  REFRESH_TOKEN_TTL: int(30 * 24 * 3600, 60),
  REFRESH_REUSE_GRACE: int(10, 0).pipe(z.number().max(300)),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CARD_PEPPER: z.string().min(32, 'must be at least 32 characters').optional(),
  CORS_ORIGINS: list.pipe(z.array(z.url({ message: 'must be a comma-separated list of origins' }))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  DEVICE_AUTO_REGISTER: bool(true),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  BODY_LIMIT: int(1024 * 1024, 1024),
  BODY_DRAIN_LIMIT: int(64 * 1024 * 1024),
  BODY_DRAIN_TIMEOUT: int(30, 1),
  TRUST_PROXY: bool(false),
  LOGIN_FAILURE_LIMIT: int(100, 1),
  LOGIN_FAILURE_WINDOW: int(3600, 1),
  REGISTER_IP_LIMIT: int(20, 1),
  REGISTER_IP_WINDOW: int(3600, 1),
  CODE_IP_LIMIT: int(30, 1),
  CODE_IP_WINDOW: int(3600, 1),
  INVITE_USER_LIMIT: int(20, 1),
  INVITE_TEAM_LIMIT: int(50, 1),
  INVITE_IP_LIMIT: int(30, 1),
  INVITE_WINDOW: int(3600, 1),
  INVITE_INVITEE_LIMIT: int(5, 1),
  INVITE_INVITEE_WINDOW: int(86_400, 1),
  INVITE_RESEND_WINDOW: int(3600, 1),
  INGEST_BATCH_MS: int(0),
  INGEST_BATCH_ROWS: int(5000, 1),
  INGEST_MAX_PENDING: int(100_000, 1),
  INGEST_FLUSH_MS: int(2000, 50),
  HISTORY_RETENTION_DAYS: int(365),
  HISTORY_PRUNE_INTERVAL: int(3600, 1),
  LIVE_COALESCE_MS: int(250, 10),
  LIVE_MAX_SOCKETS_PER_TEAM: int(100, 1),
  LIVE_MAX_TAGS_PER_TEAM: int(10_000, 1),
  LIVE_MESSAGE_RATE: int(LiveLimits.messageRatePerSec, 1),
  LIVE_MESSAGE_BURST: int(LiveLimits.messageBurst, 1),
  SETTAG_TIMEOUT_MS: int(10_000, 100),
  /** Alarm notifications of one rule on one device: one per interval, the rest in a digest (0: every raise). */
  ALARM_NOTIFY_INTERVAL_MS: int(10 * 60_000, 0),
  /** Self-hosted installations: false switches billing off (as in region cn: no cards, no quota). */
  BILLING_ENABLED: bool(true),
  /** How often the billing messages job looks for cards expiring or expired. */
  BILLING_JOB_MS: int(10 * 60_000, 1000),
  /** Remote access (docs/api.md, Remote access). */
  TUNNEL_PUBLIC_URL: url(/^(wss?|https?):$/),
  // Minutes; fractions allowed (tests use seconds).
  REMOTE_MAX_SESSION_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  REMOTE_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(5),
  REMOTE_MIN_FIRMWARE: z
    .string()
    .regex(/^\d+(\.\d+)*$/, 'must be a version such as 2.1.0')
    .optional(),
  REMOTE_TRAFFIC_FLUSH_MS: int(5000, 100),
  REMOTE_OPEN_TIMEOUT_MS: int(10_000, 100),
  // Open sessions at once (beyond: 1036 with data.limit): per device, per user, per team.
  REMOTE_MAX_SESSIONS_PER_DEVICE: int(10, 1),
  REMOTE_MAX_SESSIONS_PER_USER: int(10, 1),
  REMOTE_MAX_SESSIONS_PER_TEAM: int(50, 1),
  DIACOM_CLIENT_ID: z.string().min(1).max(128).default('diacom'),
  /** Webhooks (docs/api.md, Integrations: webhooks): deliveries to loopback and private addresses (on-premises). */
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  WEBHOOK_TIMEOUT_MS: int(10_000, 100),
  /** The first retry's delay; each next one doubles (up to an hour). */
  WEBHOOK_RETRY_BASE_MS: int(10_000, 10),
  /** Sparkplug B host application on the device broker (docs/protocol.md, Sparkplug B). */
  SPARKPLUG: bool(true),
  /** Its host id: the retained `spBv1.0/STATE/{SPARKPLUG_HOST_ID}`; edge nodes name it as their primary host. */
  SPARKPLUG_HOST_ID: z
    .string()
    .regex(/^[^/+#\s]{1,64}$/, 'must be 1-64 characters without / + # or spaces')
    .default('hmi-cloud'),
  /** Test only: POST /v1/billing/test/clock moves the billing clock (refused with NODE_ENV=production). */
  BILLING_TEST_CLOCK: bool(false),
});
