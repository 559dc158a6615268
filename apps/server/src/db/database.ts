// The schema as Kysely sees it. Each module's (or feature area's) tables are declared in
// db/tables/<area>.ts; import a table or row type from there. This file composes them and
// re-exports every name, so `import type { Device } from '.../db/database.ts'` keeps working.
import type { AccountTables } from './tables/accounts.ts';
import type { TeamAccessTables } from './tables/team-access.ts';
import type { MessageTables } from './tables/messages.ts';
import type { CatalogueTables } from './tables/catalogue.ts';
import type { DeviceOrganisationTables } from './tables/device-organisation.ts';
import type { HistoryTables } from './tables/history.ts';
import type { DeviceConnectionTables } from './tables/device-connection.ts';
import type { MonitorTables } from './tables/monitor.ts';
import type { AlarmTables } from './tables/alarms.ts';
import type { NotifyTables } from './tables/notify.ts';
import type { BillingTables } from './tables/billing.ts';
import type { RemoteTables } from './tables/remote.ts';
import type { BoardTables } from './tables/boards.ts';
import type { ProjectTables } from './tables/projects.ts';
import type { ClusterTables } from './tables/cluster.ts';
import type { DirectoryTables } from './tables/directory.ts';
import type { WebhookTables } from './tables/webhooks.ts';
import type { ApiKeyTables } from './tables/api-keys.ts';
import type { SparkplugTables } from './tables/sparkplug.ts';

export type { FrameData } from './tables/columns.ts';
export type * from './tables/accounts.ts';
export type * from './tables/team-access.ts';
export type * from './tables/messages.ts';
export type * from './tables/catalogue.ts';
export type * from './tables/device-organisation.ts';
export type * from './tables/history.ts';
export type * from './tables/device-connection.ts';
export type * from './tables/monitor.ts';
export type * from './tables/alarms.ts';
export type * from './tables/notify.ts';
export type * from './tables/billing.ts';
export type * from './tables/remote.ts';
export type * from './tables/boards.ts';
export type * from './tables/projects.ts';
export type * from './tables/cluster.ts';
export type * from './tables/directory.ts';
export type * from './tables/webhooks.ts';
export type * from './tables/api-keys.ts';
export type * from './tables/sparkplug.ts';

export interface Database
  extends
    AccountTables,
    TeamAccessTables,
    MessageTables,
    CatalogueTables,
    DeviceOrganisationTables,
    HistoryTables,
    DeviceConnectionTables,
    MonitorTables,
    AlarmTables,
    NotifyTables,
    BillingTables,
    RemoteTables,
    BoardTables,
    ProjectTables,
    ClusterTables,
    DirectoryTables,
    WebhookTables,
    ApiKeyTables,
    SparkplugTables {}
