import type { Region } from '@hmi/domain';

// The settings the server runs with, as loadConfig (config.ts) derives them from the environment.

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
   * With MQTT_URL on Mosquitto: the dynamic security admin (MQTT_DYNSEC_USER/PASSWORD) through
   * which the server keeps the broker's device accounts in step with its registry; unset: none.
   */
  mqttDynsec: { username: string; password: string } | undefined;
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
  /** Channel names on the bus start with it (BUS_PREFIX). */
  busPrefix: string;
  /** Where the other servers of a cluster reach this one (INTERNAL_URL); default: this host's listen address. */
  internalUrl: string | undefined;
  /** How long a device partition lease holds without renewal (PARTITION_LEASE). */
  partitionLeaseMs: number;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); unset: loopback and private addresses only. */
  metricsToken: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  region: Region;
  /** Other regional stacks this deployment can provision accounts in (/global/add/datacenter). */
  peerRegions: Region[];
  /** A directory (REGION_HOSTS): each region's host; undefined on any other server. */
  regionHosts: ReadonlyMap<Region, string> | undefined;
  /** A region of a directory (DIRECTORY_URL): where the directory answers. */
  directoryUrl: string | undefined;
  /** A region: how often the directory's keys are read again (JWKS_REFRESH). */
  jwksRefreshMs: number;
  /** A directory: how long a new signing key is published before it signs (SIGNING_KEY_OVERLAP). */
  signingKeyOverlapMs: number;
  /** Calls per API key and second on each server (API_KEY_RATE), and its burst (API_KEY_BURST). */
  apiKeyRate: { perSecond: number; burst: number };
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
   * Webhooks: deliveries to loopback, private and link-local addresses allowed
   * (WEBHOOK_ALLOW_PRIVATE), one attempt's limit (WEBHOOK_TIMEOUT_MS), the first retry's delay
   * (WEBHOOK_RETRY_BASE_MS).
   */
  webhooks: { allowPrivate: boolean; timeoutMs: number; retryBaseMs: number };
  /**
   * Whether this server bills (cards, TAG quotas, traffic): false in region cn and with
   * BILLING_ENABLED=false; then no quota applies (docs/api.md, Billing).
   */
  billingEnabled: boolean;
  /** Interval of the billing messages job (BILLING_JOB_MS). */
  billingJobMs: number;
  /** The Sparkplug B host application (SPARKPLUG, SPARKPLUG_HOST_ID); undefined when off. */
  sparkplug: { hostId: string } | undefined;
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
