import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LiveLimits, regionSchema, type Region } from '@hmi/domain';
import { z } from 'zod';
import { DEFAULT_BROKER_LIMITS as broker } from './plugins/mqtt/broker-limits.ts';

/** The repository root: relative paths in settings are resolved against it, never the cwd. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

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
const envSchema = z.object({
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
  // 268435460: the largest packet MQTT can frame (a 4-byte remaining length of 268435455).
  MQTT_MAX_PACKET_BYTES: int(broker.maxPacketBytes, 1024).pipe(z.number().max(268_435_460)),
  MQTT_MAX_CONNECT_BYTES: int(broker.maxConnectBytes, 512).pipe(z.number().max(65_536)),
  MQTT_CONNECT_TIMEOUT: int(broker.connectTimeoutMs / 1000, 1).pipe(z.number().max(300)),
  DEVICE_UNBOUND_STATE_BYTES: int(broker.unboundStateBytes),
  DEVICE_AUTO_REGISTER_LIMIT: int(broker.autoRegisterLimit.limit, 1),
  DEVICE_AUTO_REGISTER_WINDOW: int(broker.autoRegisterLimit.windowMs / 1000, 1),
  BUS_URL: url(/^(redis|rediss|nats):$/),
  SMTP_URL: url(/^smtps?:$/),
  SMTP_FROM: z.string().min(3).default('HMI Cloud <no-reply@hmi-cloud.local>'),
  REGION: regionSchema.default('eu'),
  PEER_REGIONS: list.pipe(z.array(regionSchema)),
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
  /** Test only: POST /v1/billing/test/clock moves the billing clock (refused with NODE_ENV=production). */
  BILLING_TEST_CLOCK: bool(false),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (search_path); created when missing. */
  databaseSchema: string | undefined;
  mqttPort: number;
  mqttUrl: string | undefined;
  /** With MQTT_URL: the server's client id at the broker (stable per server); default hmi-cloud-{hostname}. */
  mqttClientId: string | undefined;
  /** With MQTT_URL: servers of one share group split the devices' messages; default hmi-cloud. */
  mqttShareGroup: string | undefined;
  /**
   * Embedded broker: largest packet and CONNECT (bytes), time to authenticate (ms), largest
   * retained state of an unbound device (bytes), self-registrations per address and window.
   * maxPacketBytes is also the largest WebSocket message on /mqtt.
   */
  broker: {
    maxPacketBytes: number;
    maxConnectBytes: number;
    connectTimeoutMs: number;
    unboundStateBytes: number;
    autoRegisterLimit: { limit: number; windowMs: number };
  };
  busUrl: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  region: Region;
  /** Other regional stacks this deployment can provision accounts in (/global/add/datacenter). */
  peerRegions: Region[];
  /** Base of links in mails. */
  publicUrl: string;
  /** True when PUBLIC_URL was set: then login tells clients on other hosts to use it. */
  publicUrlExplicit: boolean;
  /** Seconds. */
  accessTokenTtl: number;
  /** Seconds. */
  refreshTokenTtl: number;
  /**
   * Seconds after a rotation in which the replaced refresh token still gets the same new pair
   * (several tabs refreshing at once) instead of revoking its family; 0 turns the grace off.
   */
  refreshReuseGrace: number;
  jwtSecret: Uint8Array;
  /** Key of the billing card password hashes (HMAC-SHA256); kept outside the database. */
  cardPepper: Uint8Array;
  corsOrigins: string[];
  logLevel: string;
  /** `auto`: pretty lines when stdout is a terminal, JSON otherwise (production, log shippers). */
  logFormat: 'auto' | 'pretty' | 'json';
  deviceAutoRegister: boolean;
  webDist: string;
  bodyLimit: number;
  /**
   * A body answered before it was read to its end (413 and other early refusals) is read and
   * thrown away, at most `maxBytes` more and for `timeoutMs`, so the client gets the answer
   * instead of a reset connection; past either the connection is closed.
   */
  bodyDrain: { maxBytes: number; timeoutMs: number };
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (per-IP limits). */
  trustProxy: boolean;
  loginThrottle: { limit: number; windowMs: number };
  /**
   * Public account calls per client address in a sliding window, whatever their answer (1036
   * beyond): `register` counts POST /global/register; `codes` counts phoneverify, resendmail,
   * forgetverify and modifyPwd. They cap account creation and the answers that tell whether an
   * account exists (1010, 1012).
   */
  addressLimits: {
    register: { max: number; windowMs: number };
    codes: { max: number; windowMs: number };
  };
  /**
   * POST /system/user/invite (docs/api.md, Invitations): calls per inviter, team and client
   * address in a sliding window, whatever their answer (1036 beyond); mails and new-invitation
   * notices reaching one person from all teams (beyond: stored silently); at most one mail of a
   * team to a person per `resendWindowMs`.
   */
  invitationLimits: {
    perInviter: { max: number; windowMs: number };
    perTeam: { max: number; windowMs: number };
    perAddress: { max: number; windowMs: number };
    perInvitee: { max: number; windowMs: number };
    resendWindowMs: number;
  };
  /**
   * Ingest pipeline: commit every batchMs or batchRows history frames; at most maxPending data
   * points waiting (back-pressure); rollups and last values written from memory every flushMs;
   * writerName identifies this server's history writer across restarts (MQTT_CLIENT_ID, else
   * hmi-cloud-{hostname}).
   */
  ingest: {
    batchMs: number;
    batchRows: number;
    maxPending: number;
    flushMs: number;
    writerName: string;
  };
  /** History older than this many days is pruned every pruneIntervalMs; 0 keeps it forever. */
  history: { retentionDays: number; pruneIntervalMs: number };
  /**
   * Device data sockets: coalescing window, per-team caps of sockets and streamed tags. The
   * message rate (per second, refilling a bucket of messageBurst) holds for every browser socket,
   * the notify socket too: beyond it the socket closes with 4030.
   */
  live: {
    coalesceMs: number;
    maxSocketsPerTeam: number;
    maxTagsPerTeam: number;
    messageRate: number;
    messageBurst: number;
  };
  /** How long a tag write waits for the device's answer. */
  settagTimeoutMs: number;
  /**
   * Alarm notification interval per rule and device (ALARM_NOTIFY_INTERVAL_MS): raises within it
   * are recorded, not notified, and sent as one digest when it ends (0: every raise notifies).
   */
  alarmNotifyIntervalMs: number;
  /**
   * Whether this server bills (cards, TAG quotas, traffic): false in region cn and with
   * BILLING_ENABLED=false; then no quota applies (docs/api.md, Billing).
   */
  billingEnabled: boolean;
  /** Interval of the billing messages job (BILLING_JOB_MS). */
  billingJobMs: number;
  /**
   * Remote access: the ws(s):// base devices dial (TUNNEL_PUBLIC_URL; undefined: derived from
   * the listening address), maximum session and idle time (ms), the minimum HMI firmware
   * (undefined: none), how often session bytes go to the traffic ledger, how long the device has
   * to answer tunnel_open, the DIACom app's client id (header X-Client-Id), and how many
   * sessions may be open at once per device, per user and per team.
   */
  remote: {
    publicUrl: string | undefined;
    maxSessionMs: number;
    idleMs: number;
    minFirmware: string | undefined;
    flushMs: number;
    openTimeoutMs: number;
    diacomClientId: string;
    maxSessions: { device: number; user: number; team: number };
  };
  /** BILLING_TEST_CLOCK: the test-only route that moves the billing clock is registered. */
  billingTestClock: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const fromRoot = (p: string) => (isAbsolute(p) ? p : resolve(repoRoot, p));

/**
 * A secret key: the variable's value, or one generated once and kept in DATA_DIR/<name>
 * (jwt-secret: JWT_SECRET; card-pepper: CARD_PEPPER).
 */
function secretKey(explicit: string | undefined, dataDir: string, name: string): Uint8Array {
  if (explicit) return new TextEncoder().encode(explicit);
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Reads and validates every setting once; errors name the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]])),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.BILLING_TEST_CLOCK && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  BILLING_TEST_CLOCK: test only, refused with NODE_ENV=production',
    );
  }
  const dataDir = fromRoot(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST_BIND,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    mqttPort: e.MQTT_PORT,
    mqttUrl: e.MQTT_URL,
    mqttClientId: e.MQTT_CLIENT_ID,
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    broker: {
      maxPacketBytes: e.MQTT_MAX_PACKET_BYTES,
      // A CONNECT is a packet: never more than the packet limit.
      maxConnectBytes: Math.min(e.MQTT_MAX_CONNECT_BYTES, e.MQTT_MAX_PACKET_BYTES),
      connectTimeoutMs: e.MQTT_CONNECT_TIMEOUT * 1000,
      unboundStateBytes: e.DEVICE_UNBOUND_STATE_BYTES,
      autoRegisterLimit: {
        limit: e.DEVICE_AUTO_REGISTER_LIMIT,
        windowMs: e.DEVICE_AUTO_REGISTER_WINDOW * 1000,
      },
    },
    busUrl: e.BUS_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    region: e.REGION,
    peerRegions: e.PEER_REGIONS.filter((r) => r !== e.REGION),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlExplicit: e.PUBLIC_URL !== undefined,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    refreshReuseGrace: e.REFRESH_REUSE_GRACE,
    jwtSecret: secretKey(e.JWT_SECRET, dataDir, 'jwt-secret'),
    cardPepper: secretKey(e.CARD_PEPPER, dataDir, 'card-pepper'),
    corsOrigins: e.CORS_ORIGINS.map((o) => new URL(o).origin),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    deviceAutoRegister: e.DEVICE_AUTO_REGISTER,
    webDist: fromRoot(e.WEB_DIST),
    bodyLimit: e.BODY_LIMIT,
    bodyDrain: { maxBytes: e.BODY_DRAIN_LIMIT, timeoutMs: e.BODY_DRAIN_TIMEOUT * 1000 },
    trustProxy: e.TRUST_PROXY,
    loginThrottle: { limit: e.LOGIN_FAILURE_LIMIT, windowMs: e.LOGIN_FAILURE_WINDOW * 1000 },
    addressLimits: {
      register: { max: e.REGISTER_IP_LIMIT, windowMs: e.REGISTER_IP_WINDOW * 1000 },
      codes: { max: e.CODE_IP_LIMIT, windowMs: e.CODE_IP_WINDOW * 1000 },
    },
    invitationLimits: {
      perInviter: { max: e.INVITE_USER_LIMIT, windowMs: e.INVITE_WINDOW * 1000 },
      perTeam: { max: e.INVITE_TEAM_LIMIT, windowMs: e.INVITE_WINDOW * 1000 },
      perAddress: { max: e.INVITE_IP_LIMIT, windowMs: e.INVITE_WINDOW * 1000 },
      perInvitee: { max: e.INVITE_INVITEE_LIMIT, windowMs: e.INVITE_INVITEE_WINDOW * 1000 },
      resendWindowMs: e.INVITE_RESEND_WINDOW * 1000,
    },
    ingest: {
      batchMs: e.INGEST_BATCH_MS,
      batchRows: e.INGEST_BATCH_ROWS,
      maxPending: Math.max(e.INGEST_MAX_PENDING, e.INGEST_BATCH_ROWS),
      flushMs: e.INGEST_FLUSH_MS,
      writerName: e.MQTT_CLIENT_ID ?? `hmi-cloud-${hostname()}`.replace(/[^A-Za-z0-9_-]/g, '-'),
    },
    history: { retentionDays: e.HISTORY_RETENTION_DAYS, pruneIntervalMs: e.HISTORY_PRUNE_INTERVAL * 1000 },
    live: {
      coalesceMs: e.LIVE_COALESCE_MS,
      maxSocketsPerTeam: e.LIVE_MAX_SOCKETS_PER_TEAM,
      maxTagsPerTeam: e.LIVE_MAX_TAGS_PER_TEAM,
      messageRate: e.LIVE_MESSAGE_RATE,
      messageBurst: e.LIVE_MESSAGE_BURST,
    },
    settagTimeoutMs: e.SETTAG_TIMEOUT_MS,
    billingEnabled: e.BILLING_ENABLED && e.REGION !== 'cn',
    alarmNotifyIntervalMs: e.ALARM_NOTIFY_INTERVAL_MS,
    billingJobMs: e.BILLING_JOB_MS,
    remote: {
      publicUrl: e.TUNNEL_PUBLIC_URL?.replace(/\/+$/, '').replace(/^http/, 'ws'),
      maxSessionMs: Math.round(e.REMOTE_MAX_SESSION_MINUTES * 60_000),
      idleMs: Math.round(e.REMOTE_IDLE_MINUTES * 60_000),
      minFirmware: e.REMOTE_MIN_FIRMWARE,
      flushMs: e.REMOTE_TRAFFIC_FLUSH_MS,
      openTimeoutMs: e.REMOTE_OPEN_TIMEOUT_MS,
      diacomClientId: e.DIACOM_CLIENT_ID,
      maxSessions: {
        device: e.REMOTE_MAX_SESSIONS_PER_DEVICE,
        user: e.REMOTE_MAX_SESSIONS_PER_USER,
        team: e.REMOTE_MAX_SESSIONS_PER_TEAM,
      },
    },
    billingTestClock: e.BILLING_TEST_CLOCK,
  };
}
