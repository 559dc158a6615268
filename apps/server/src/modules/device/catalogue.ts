import type { Kysely, QueryCreator, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Device, TemplateTagRow } from '../../db/tables/catalogue.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import type { DeviceTag, DeviceTagsRepo } from './device-tags.repo.ts';
import type { DeviceRepo, DeviceRow } from './device.repo.ts';
import type { TemplateRepo } from './template.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A device's tags, one device or many (`catalogue.tags`). */
export type DeviceTagReads = Pick<DeviceTagsRepo, 'ofDevice' | 'ofDevices'>;

/** A device as others read it: every column but its secret. */
export type CatalogueDevice = Omit<Device, 'secret_hash'>;

const deviceColumns = [
  'devices.id',
  'devices.team_id',
  'devices.sn',
  'devices.kind',
  'devices.model',
  'devices.firmware',
  'devices.ip',
  'devices.registered_by',
  'devices.name',
  'devices.group_id',
  'devices.template_id',
  'devices.address',
  'devices.remark',
  'devices.hmi_sn',
  'devices.gateway_sn',
  'devices.online',
  'devices.last_seen_at',
  'devices.keepalive',
  'devices.sync_state',
  'devices.config_version',
  'devices.acked_version',
  'devices.bind_type',
  'devices.bound_at',
  'devices.created_at',
  'devices.updated_at',
  'devices.tag_limit',
  'devices.vnc',
] as const;

// ---- Query fragments: for others' joins, counts and filters that must stay one statement ----

/**
 * The devices (every column but the secret) as a table expression to join or select from:
 * `.innerJoin(catalogueDevices(db).as('devices'), 'devices.id', 'alarm_records.device_id')`.
 * Both engines fold it into the outer query (a plain projection), so the join costs what a join
 * on the table costs.
 */
export function catalogueDevices(db: QueryCreator<Database>) {
  return db.selectFrom('devices').select(deviceColumns);
}

/** The templates (id, team, name, version) to join: `.innerJoin(catalogueTemplates(db).as('templates'), ...)`. */
export function catalogueTemplates(db: QueryCreator<Database>) {
  return db
    .selectFrom('templates')
    .select(['templates.id', 'templates.team_id', 'templates.name', 'templates.version']);
}

/** The template tags (id, template, name) to join: `.leftJoin(catalogueTemplateTags(db).as('template_tags'), ...)`. */
export function catalogueTemplateTags(db: QueryCreator<Database>) {
  return db
    .selectFrom('template_tags')
    .select(['template_tags.id', 'template_tags.template_id', 'template_tags.name']);
}

/**
 * The ids of the devices a principal may see (its team, within its device data permissions), as
 * a subquery: `.where('x.device_id', 'in', visibleDeviceIds(db, scope))`.
 */
export function visibleDeviceIds(db: QueryCreator<Database>, scope: DataScope) {
  return db
    .selectFrom('devices')
    .select('devices.id')
    .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'));
}

/** The ids of a team's devices, whoever may see them, as a subquery. */
export function teamDeviceIds(db: QueryCreator<Database>, teamId: number) {
  return db.selectFrom('devices').select('devices.id').where('devices.team_id', '=', teamId);
}

/**
 * The device catalogue: which devices and tags a team has and which a principal may see. The
 * one reader of devices, templates and template_tags for every other module (lint keeps their
 * SQL off these tables); joins that must stay in one statement use the fragments above.
 */
export class Catalogue {
  private readonly devices: DeviceRepo;
  private readonly templates: TemplateRepo;
  /** The one definition of a device's tags: its template's tags, then its monitor points. */
  readonly tags: DeviceTagReads;

  constructor(
    private readonly db: Kysely<Database>,
    parts: { devices: DeviceRepo; templates: TemplateRepo; tags: DeviceTagsRepo },
  ) {
    this.devices = parts.devices;
    this.templates = parts.templates;
    this.tags = parts.tags;
  }

  /** The device `id` when it is bound, of the scope's team and inside its data permissions, with its template's name. */
  device(scope: DataScope, id: number, db: Db = this.db): Promise<DeviceRow | undefined> {
    return this.devices.findInScope(scope, id, db);
  }

  /** The devices among `ids` that the scope may see (any order). */
  devicesInScope(scope: DataScope, ids: readonly number[], db: Db = this.db): Promise<Device[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.devices.findManyInScope(scope, ids, db);
  }

  /** A device by id, bound or not, whoever's it is (for jobs that act for the system). */
  deviceById(id: number, db: Db = this.db): Promise<CatalogueDevice | undefined> {
    return catalogueDevices(db).where('devices.id', '=', id).executeTakeFirst();
  }

  /** A registered device by serial number, bound or not. */
  deviceBySn(sn: string, db: Db = this.db): Promise<CatalogueDevice | undefined> {
    return catalogueDevices(db).where('devices.sn', '=', sn).executeTakeFirst();
  }

  /** The tags of one device (empty when it is not bound). */
  tagsOf(deviceId: number, db: Db = this.db): Promise<DeviceTag[]> {
    return this.tags.ofDevice(deviceId, db);
  }

  /** A template's tags in their order. */
  templateTags(templateId: number, db: Db = this.db): Promise<TemplateTagRow[]> {
    return this.templates.tags(templateId, db);
  }
}
