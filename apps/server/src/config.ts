import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envSchema } from './config-env.ts';
import type { Config } from './config-shape.ts';

export type { Config } from './config-shape.ts';

/** The repository root: relative paths in settings are resolved against it, never the cwd. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

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
  const dynsecProblem =
    (e.MQTT_DYNSEC_USER === undefined) !== (e.MQTT_DYNSEC_PASSWORD === undefined)
      ? 'MQTT_DYNSEC_USER and MQTT_DYNSEC_PASSWORD: both or neither'
      : e.MQTT_DYNSEC_USER !== undefined && e.MQTT_URL === undefined
        ? 'MQTT_DYNSEC_USER: only with MQTT_URL (the embedded broker checks devices itself)'
        : undefined;
  if (dynsecProblem) throw new ConfigError(`Invalid configuration:\n  ${dynsecProblem}`);
  if (e.REGION_HOSTS.length > 0 && e.DIRECTORY_URL !== undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  REGION_HOSTS and DIRECTORY_URL: a server is a directory or one of its regions, not both',
    );
  }
  const regionHosts = e.REGION_HOSTS.length > 0 ? new Map(e.REGION_HOSTS) : undefined;
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
    mqttDynsec:
      e.MQTT_DYNSEC_USER !== undefined && e.MQTT_DYNSEC_PASSWORD !== undefined
        ? { username: e.MQTT_DYNSEC_USER, password: e.MQTT_DYNSEC_PASSWORD }
        : undefined,
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
    busPrefix: e.BUS_PREFIX,
    internalUrl: e.INTERNAL_URL,
    partitionLeaseMs: e.PARTITION_LEASE * 1000,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    region: e.REGION,
    // A directory offers its regions; PEER_REGIONS is for a region telling what its directory offers.
    peerRegions: (regionHosts ? [...regionHosts.keys()] : e.PEER_REGIONS).filter((r) => r !== e.REGION),
    regionHosts,
    directoryUrl: e.DIRECTORY_URL?.replace(/\/+$/, ''),
    jwksRefreshMs: e.JWKS_REFRESH * 1000,
    signingKeyOverlapMs: e.SIGNING_KEY_OVERLAP * 1000,
    apiKeyRate: { perSecond: e.API_KEY_RATE, burst: e.API_KEY_BURST },
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
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    },
    billingJobMs: e.BILLING_JOB_MS,
    sparkplug: e.SPARKPLUG ? { hostId: e.SPARKPLUG_HOST_ID } : undefined,
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
