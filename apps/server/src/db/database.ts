import type { DeviceConnectionReason } from '@hmi/domain';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Milliseconds since the epoch (UTC), stored as bigint / integer. */
type Ms = number;
/** 0 or 1: booleans are integers on both engines. */
type Flag = number;
/** A JSON document stored as text. */
type JsonText = string;
/** A history frame's `data` (the history store's `history-frame.codec.ts`): JSON text, or on SQLite the BLOB form. */
export type FrameData = string | Uint8Array;

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  region: string;
  /** The main account; set right after that user is inserted. */
  owner_id: number | null;
  template_max_num: ColumnType<number, number | undefined, number>;
  template_max_id: ColumnType<number, number | undefined, number>;
  project_max_id: ColumnType<number, number | undefined, number>;
  /** Default device group of the team (0 = none yet). */
  dgroup_id: ColumnType<number, number | undefined, number>;
  created_at: Ms;
  updated_at: Ms;
}

export type UserStatus = 'pending' | 'active' | 'closed';

export interface UsersTable {
  id: Generated<number>;
  team_id: number;
  is_main: Flag;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  name: string;
  alias_name: ColumnType<string, string | undefined, string>;
  contact: ColumnType<string, string | undefined, string>;
  password_hash: string;
  status: UserStatus;
  /** Comma-separated regions the account has data in. */
  data_center: string;
  /** Interface language for mails and notices (zh-cn, en-us, zh-tw). */
  lang: string;
  member_ext: ColumnType<JsonText, JsonText | undefined, JsonText>;
  /** Sub-accounts: their role; null for the main account. */
  role_id: number | null;
  created_at: Ms;
  updated_at: Ms;
  activated_at: Ms | null;
  closed_at: Ms | null;
  /** Mask of alarm levels mailed to the user (migration 0006; default 24 = severe | critical). */
  alarm_mail_levels: ColumnType<number, number | undefined, number>;
  /** Sub-accounts: when they joined their team (migration 0010); null for a main account. */
  joined_at: ColumnType<Ms | null, Ms | null | undefined, Ms | null>;
  /** The DIACom switch (migration 0016): the companion app may list devices and open sessions. */
  diacom: ColumnType<Flag, Flag | undefined, Flag>;
}

/** What a data permission names (migration 0010). */
export type GrantKind = 'device' | 'group' | 'template' | 'project';

/** A role's data permission on one object (migration 0010). */
export interface RoleGrantsTable {
  role_id: number;
  kind: GrantKind;
  object_id: number;
}

/**
 * A member's own data permission on one object, beside their role's (migration 0010): granted
 * when they created the object ('creator') or by an administrator (user data-pm 38, 'admin').
 */
export interface MemberGrantsTable {
  user_id: number;
  team_id: number;
  kind: GrantKind;
  object_id: number;
  source: 'creator' | 'admin';
  created_at: Ms;
}

/** Security zones of a team (migration 0010). */
export interface ZonesTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: Ms;
  updated_at: Ms;
}

export interface RoleZonesTable {
  role_id: number;
  zone_id: number;
}

/** The zone of a device (at most one); team_id is the team that assigned it (migration 0010). */
export interface DeviceZonesTable {
  device_id: number;
  zone_id: number;
  team_id: number;
}

export type InvitationState = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'voided';

/** An invitation to join a team (migration 0010). */
export interface InvitationsTable {
  id: Generated<number>;
  team_id: number;
  inviter_id: number;
  invitee_id: number;
  role_id: number | null;
  channel: 'email' | 'phone';
  account: string;
  state: InvitationState;
  void_reason: string | null;
  created_at: Ms;
  expires_at: Ms;
  decided_at: Ms | null;
}

export interface RolesTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  /** JSON array of permission ids (data permissions and zones are link tables, migration 0010). */
  permissions: JsonText;
  created_at: Ms;
  updated_at: Ms;
}

/** One signed-in session = one refresh-token family. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Ms;
  last_used_at: Ms;
  revoked_at: Ms | null;
  ip: string;
  user_agent: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Ms;
  expires_at: Ms;
  used_at: Ms | null;
  revoked_at: Ms | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  destination: string;
  purpose: string;
  code_hash: string;
  created_at: Ms;
  expires_at: Ms;
  attempts: ColumnType<number, number | undefined, number>;
  used_at: Ms | null;
}

export interface ActivationTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Ms;
  expires_at: Ms;
  used_at: Ms | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  /** Normalised login name (email or phone), also for unknown users. */
  account: string;
  ip: string;
  ok: Flag;
  created_at: Ms;
}

/** Counted events for sliding-window limits (codes sent, mails sent...). */
export interface RateEventsTable {
  id: Generated<number>;
  kind: string;
  subject: string;
  created_at: Ms;
}

export type MessageKind = 'notice' | 'billing' | 'alarm';

export interface MessagesTable {
  id: Generated<number>;
  team_id: number;
  /** null = for the whole team. */
  user_id: number | null;
  kind: MessageKind;
  title: string;
  body: string;
  read_at: Ms | null;
  created_at: Ms;
  /** Alarm messages: their record (migration 0006). */
  alarm_record_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A device known to the cloud: registered by an operator or on first connection, then bound to a team. */
export interface DevicesTable {
  id: Generated<number>;
  /** null while registered and not bound. */
  team_id: number | null;
  sn: string;
  /** scrypt hash of the device secret (the PIN). */
  secret_hash: string;
  kind: ColumnType<'hmi' | 'gateway', 'hmi' | 'gateway' | undefined, 'hmi' | 'gateway'>;
  model: ColumnType<string, string | undefined, string>;
  firmware: ColumnType<string, string | undefined, string>;
  ip: ColumnType<string, string | undefined, string>;
  /** 'operator' (CLI, import) or 'auto' (trust on first use). */
  registered_by: ColumnType<string, string | undefined, string>;
  name: string | null;
  group_id: number | null;
  template_id: number | null;
  address: ColumnType<string, string | undefined, string>;
  remark: ColumnType<string, string | undefined, string>;
  hmi_sn: ColumnType<string, string | undefined, string>;
  gateway_sn: ColumnType<string, string | undefined, string>;
  online: ColumnType<Flag, Flag | undefined, Flag>;
  last_seen_at: Ms | null;
  keepalive: ColumnType<number, number | undefined, number>;
  sync_state: ColumnType<Flag, Flag | undefined, Flag>;
  /** Version of the config last published to the device, and the one it acknowledged. */
  config_version: ColumnType<number, number | undefined, number>;
  acked_version: ColumnType<number, number | undefined, number>;
  /** 0 unbound, 1 bound by SN + PIN. */
  bind_type: ColumnType<number, number | undefined, number>;
  bound_at: Ms | null;
  created_at: Ms;
  updated_at: Ms;
  /** TAGs the device may have: template tags + monitor points (migration 0004; default 100). */
  tag_limit: ColumnType<number, number | undefined, number>;
  /** The HMI's VNC server as last reported in its state (migration 0016; null: never said). */
  vnc: ColumnType<Flag | null, Flag | null | undefined, Flag | null>;
}

export interface DeviceGroupsTable {
  id: Generated<number>;
  team_id: number;
  parent_id: number | null;
  name: string;
  created_at: Ms;
  updated_at: Ms;
}

export interface LabelsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: Ms;
}

export interface DeviceLabelsTable {
  device_id: number;
  label_id: number;
}

export interface TemplatesTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  type: 'local' | 'global';
  data_center: string;
  hmi_model: ColumnType<string, string | undefined, string>;
  default_value: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  version: ColumnType<number, number | undefined, number>;
  created_at: Ms;
  updated_at: Ms;
}

export interface TemplateTagsTable {
  id: Generated<number>;
  template_id: number;
  name: string;
  data_type: number;
  rw: number;
  address: ColumnType<string, string | undefined, string>;
  unit: ColumnType<string, string | undefined, string>;
  decimals: ColumnType<number, number | undefined, number>;
  description: ColumnType<string, string | undefined, string>;
  /** Order of the tag in the template. */
  position: ColumnType<number, number | undefined, number>;
}

/** One sample of one tag (see migration 0003 for the value columns). */
/**
 * History as frames (migration 0007): the values of one device message sample, encoded by
 * `history-frame.codec.ts`.
 */
export interface HistoryFramesTable {
  device_id: number;
  /** Sample time (the device's clock), ms. */
  ts: Ms;
  /** 32-bit hash of the sample's tag ids: a redelivery conflicts, other messages of the same ts do not. */
  tagset: number;
  /** history_writers id of the server that stored it; 0 for migrated or bulk-loaded frames. */
  writer: ColumnType<number, number | undefined, number>;
  /** The writer's commit time, ms, strictly increasing per writer (crash recovery of rollups). */
  ingested_at: Ms;
  /** `modules/history-store/history-frame.codec.ts`: JSON text, or on SQLite the BLOB form. */
  data: FrameData;
}

/**
 * SQLite: frames in commit order (seq = rowid) until they move into history_frames in bulk
 * (migration 0007); unused on PostgreSQL.
 */
export interface HistoryRecentTable {
  seq: Generated<number>;
  device_id: number;
  ts: Ms;
  tagset: number;
  writer: number;
  ingested_at: Ms;
  data: FrameData;
}

/** Each server's history writer and how far its in-memory rollups are written (migration 0007). */
export interface HistoryWritersTable {
  id: Generated<number>;
  name: string;
  /** The newest ingested_at whose rollups and last values are stored. */
  watermark: ColumnType<number, number | undefined, number>;
  flushed_at: Ms | null;
}

/** Per-minute aggregates of history (count, min, max, first, last), kept by the ingest pipeline. */
export interface History1mTable {
  device_id: number;
  tag_id: number;
  minute: Ms;
  n: number;
  mn: number | null;
  mx: number | null;
  t0: Ms;
  first_num: number | null;
  first_txt: string | null;
  t1: Ms;
  last_num: number | null;
  last_txt: string | null;
}

export interface TagLastValuesTable {
  device_id: number;
  tag_id: number;
  ts: Ms;
  num: number | null;
  txt: string | null;
}

/** Values the ingest pipeline refused, per device. */
export interface IngestDropsTable {
  device_id: number;
  unknown_tag: ColumnType<number, number | undefined, number>;
  wrong_type: ColumnType<number, number | undefined, number>;
  bad_payload: ColumnType<number, number | undefined, number>;
  /** Values of a device whose template is locked (migration 0013). */
  template_locked: ColumnType<number, number | undefined, number>;
  /** Values of tags beyond the device's TAG allocation (migration 0013). */
  tag_quota: ColumnType<number, number | undefined, number>;
  last_reason: ColumnType<string, string | undefined, string>;
  last_at: Ms | null;
}

/** A bound device came online (1) or went offline (0), and why (migration 0008). */
export interface DeviceConnectionEventsTable {
  id: Generated<number>;
  device_id: number;
  online: Flag;
  reason: DeviceConnectionReason;
  at: Ms;
}

/** Audit of tag writes from the console. */
export interface TagWritesTable {
  id: Generated<number>;
  team_id: number;
  device_id: number;
  tag_id: number;
  tag_name: string;
  user_id: number;
  command_id: string;
  old_num: number | null;
  old_txt: string | null;
  new_num: number | null;
  new_txt: string | null;
  outcome: 'pending' | 'ok' | 'refused' | 'timeout' | 'offline' | 'error';
  code: number | null;
  created_at: Ms;
  finished_at: Ms | null;
}

/** A device's own tag beside its template's (data monitor, migration 0004). */
export interface MonitorPointsTable {
  id: Generated<number>;
  device_id: number;
  team_id: number;
  /** MONITOR_TAG_ID_BASE + id; null only inside the inserting transaction. */
  tag_id: ColumnType<number, number | null | undefined, number>;
  name: string;
  data_type: number;
  rw: number;
  link: string;
  plc_vendor: string;
  plc_name: string;
  station: number;
  component_type: string;
  address: string;
  length: number;
  decimals: number;
  step: number;
  description: string;
  config_version: number;
  created_by: number | null;
  created_at: Ms;
  updated_at: Ms;
}

/** Alarm groups of a team (migration 0006). */
export interface AlarmGroupsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: Ms;
  updated_at: Ms;
}

/** Alarm rules of a single-device template (migration 0006). Values are decimal text. */
export interface AlarmRulesTable {
  id: Generated<number>;
  team_id: number;
  template_id: number;
  group_id: number | null;
  name: string;
  level: number;
  tag_id: number;
  type: number;
  value: string;
  target: string | null;
  deviation: string | null;
  deadband: string | null;
  content: ColumnType<string, string | undefined, string>;
  position: ColumnType<number, number | undefined, number>;
  created_at: Ms;
  updated_at: Ms;
}

/** One raise of a rule on a device; open while recovered_at is null (migration 0006). */
export interface AlarmRecordsTable {
  id: Generated<number>;
  team_id: number;
  device_id: number;
  rule_id: number | null;
  rule_name: string;
  group_id: number | null;
  level: number;
  tag_id: number;
  tag_name: ColumnType<string, string | undefined, string>;
  type: number;
  /** 1 alarm, 2 response (acknowledged), 4 recovery. */
  state: number;
  content: ColumnType<string, string | undefined, string>;
  value: string;
  last_value: string;
  times: ColumnType<number, number | undefined, number>;
  raised_at: Ms;
  acked_at: Ms | null;
  acked_by: number | null;
  acked_by_name: string | null;
  /** The responder's comment (migration 0009), null when none. */
  ack_comment: ColumnType<string | null, string | null | undefined, string | null>;
  recovered_at: Ms | null;
}

/** Every notification mail sent, with its result (migration 0006). */
export interface NotifyDeliveriesTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  channel: 'email';
  kind: 'alarm' | 'test';
  destination: string;
  subject: string;
  ok: Flag;
  error: string | null;
  alarm_record_id: number | null;
  created_at: Ms;
}

/** A batch of billing cards as issued (migration 0011). */
export interface CardBatchesTable {
  id: Generated<number>;
  name: string;
  type: 'ca' | 'ra';
  prefix: string;
  templates: number;
  tags: number;
  level: number | null;
  gigabytes: number;
  /** Cards of the batch activate before this time. */
  activate_before: Ms;
  card_count: number;
  created_at: Ms;
}

/** A billing card (migration 0011): the team's once activated; password as a keyed hash. */
export interface CardsTable {
  id: Generated<number>;
  batch_id: number;
  type: 'ca' | 'ra';
  number: string;
  tail: string;
  password_hash: string;
  team_id: number | null;
  activated_by: number | null;
  activated_at: Ms | null;
  expires_at: Ms | null;
  failed_attempts: ColumnType<number, number | undefined, number>;
  failed_since: Ms | null;
  locked_until: Ms | null;
  created_at: Ms;
}

/** TAGs allocated to a device (its registration row), funded by one card (migration 0011). */
export interface DeviceTagAllocationsTable {
  device_id: number;
  team_id: number;
  card_id: number;
  level: number;
  tags: number;
  created_at: Ms;
  updated_at: Ms;
}

/** An RA card allocated to one device registration (migration 0012). */
export interface RaCardAllocationsTable {
  card_id: number;
  device_id: number;
  team_id: number;
  allocated_by: number | null;
  /** Usage charged to the card. */
  used_bytes: ColumnType<number, number | undefined, number>;
  created_at: Ms;
  updated_at: Ms;
}

/** A device registration's Remote Access traffic in one UTC month 'YYYY-MM' (migration 0012). */
export interface DeviceTrafficTable {
  device_id: number;
  month: string;
  bytes_up: ColumnType<number, number | undefined, number>;
  bytes_down: ColumnType<number, number | undefined, number>;
  /** When the month's traffic was turned on; null: off. */
  on_at: Ms | null;
  on_by: number | null;
  confirmed_12g_at: Ms | null;
  updated_at: Ms;
}

/** The append-only billing ledger (migration 0011). */
export interface RechargeRecordsTable {
  id: Generated<number>;
  team_id: number;
  user_id: number | null;
  kind: 'activation' | 'allocation' | 'expiry';
  type: 'ca' | 'ra';
  card_id: number;
  device_id: number | null;
  detail: JsonText;
  created_at: Ms;
}

/** A remote access session (migration 0016), kept after it ends. */
export interface RemoteSessionsTable {
  id: Generated<number>;
  team_id: number;
  device_id: number;
  user_id: number | null;
  user_name: string;
  mode: 'operate' | 'view';
  /** 'vnc' or the device port. */
  target: string;
  client: 'web' | 'cli' | 'diacom';
  tunnel_id: string;
  /** The server holding the tunnel. */
  instance: string;
  started_at: Ms;
  ended_at: Ms | null;
  bytes_up: ColumnType<number, number | undefined, number>;
  bytes_down: ColumnType<number, number | undefined, number>;
  end_reason: string | null;
}

/** A billing event announced once (migration 0013): the billing messages job's key. */
export interface BillingEventsTable {
  card_id: number;
  event: string;
  team_id: number;
  created_at: Ms;
}

/** A user's data board (migration 0014): cards and layouts as JSON (board.api.ts). */
export interface BoardsTable {
  user_id: number;
  team_id: number;
  cards: JsonText;
  layouts: JsonText;
  updated_at: Ms;
}

/** A device a user starred (migration 0014); listed through the user's data scope only. */
export interface FavouriteDevicesTable {
  user_id: number;
  device_id: number;
  created_at: Ms;
}

export interface Database {
  teams: TeamsTable;
  users: UsersTable;
  roles: RolesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  activation_tokens: ActivationTokensTable;
  login_attempts: LoginAttemptsTable;
  rate_events: RateEventsTable;
  messages: MessagesTable;
  devices: DevicesTable;
  device_groups: DeviceGroupsTable;
  labels: LabelsTable;
  device_labels: DeviceLabelsTable;
  templates: TemplatesTable;
  template_tags: TemplateTagsTable;
  monitor_points: MonitorPointsTable;
  history_frames: HistoryFramesTable;
  history_writers: HistoryWritersTable;
  history_recent: HistoryRecentTable;
  history_1m: History1mTable;
  tag_last_values: TagLastValuesTable;
  ingest_drops: IngestDropsTable;
  tag_writes: TagWritesTable;
  device_connection_events: DeviceConnectionEventsTable;
  alarm_groups: AlarmGroupsTable;
  alarm_rules: AlarmRulesTable;
  alarm_records: AlarmRecordsTable;
  notify_deliveries: NotifyDeliveriesTable;
  role_grants: RoleGrantsTable;
  member_grants: MemberGrantsTable;
  zones: ZonesTable;
  role_zones: RoleZonesTable;
  device_zones: DeviceZonesTable;
  invitations: InvitationsTable;
  card_batches: CardBatchesTable;
  cards: CardsTable;
  ra_card_allocations: RaCardAllocationsTable;
  device_traffic: DeviceTrafficTable;
  device_tag_allocations: DeviceTagAllocationsTable;
  recharge_records: RechargeRecordsTable;
  billing_events: BillingEventsTable;
  remote_sessions: RemoteSessionsTable;
  boards: BoardsTable;
  favourite_devices: FavouriteDevicesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Team = Selectable<TeamsTable>;
export type Role = Selectable<RolesTable>;
export type Zone = Selectable<ZonesTable>;
export type Invitation = Selectable<InvitationsTable>;
export type Card = Selectable<CardsTable>;
export type CardBatch = Selectable<CardBatchesTable>;
export type Device = Selectable<DevicesTable>;
export type DeviceGroup = Selectable<DeviceGroupsTable>;
export type Template = Selectable<TemplatesTable>;
export type TemplateTagRow = Selectable<TemplateTagsTable>;
