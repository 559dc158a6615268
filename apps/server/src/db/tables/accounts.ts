import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Flag, JsonText, Ms } from './columns.ts';

// Teams, users and signing in: the users, session, registration, verification and account modules.

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
  /** A region: the directory's id of an account provisioned here (migration 0024); null otherwise. */
  global_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A region: directory tokens issued before this time (ms) are refused (migration 0024). */
  tokens_after: ColumnType<Ms | null, Ms | null | undefined, Ms | null>;
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

export interface AccountTables {
  teams: TeamsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  activation_tokens: ActivationTokensTable;
  login_attempts: LoginAttemptsTable;
  rate_events: RateEventsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Team = Selectable<TeamsTable>;
