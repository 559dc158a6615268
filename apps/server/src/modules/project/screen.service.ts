import {
  assetIdsOf,
  deviceIdsOf,
  emptyScreenDocument,
  ErrorCode,
  invalid,
  migrateScreenDocument,
  recipeIdsOf,
  ScreenDocumentError,
  screenIdsOf,
  type ProjectScreen,
  type ScreenAddBody,
  type ScreenDocument,
  type ScreenSaveBody,
} from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProjectScreenRow } from '../../db/tables/projects.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { validationError } from '../../lib/validate.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { Catalogue } from '../device/index.ts';
import type { ProjectAccess } from './project-access.ts';
import { presentScreen } from './project.presenter.ts';
import type { ProjectRepo } from './project.repo.ts';
import type { ScreenRepo } from './screen.repo.ts';

/** The stored or sent document, migrated forward and checked (1006 `validation.screen.document`). */
export function readDocument(raw: unknown): ScreenDocument {
  try {
    return migrateScreenDocument(raw);
  } catch (err) {
    if (!(err instanceof ScreenDocumentError)) throw err;
    throw validationError('document', invalid('validation.screen.document', { issue: err.summary }));
  }
}

/**
 * A project's screens (docs/api.md, Projects, Screens): read, add, save over a version, delete.
 * A screen binds only devices of its project (1089); a sub-account adds no binding to a device it
 * does not see (1003: no wider than itself), while bindings it cannot see that the screen already
 * had stay. Saving names the version the editor loaded: a save that another one beat is refused
 * with 1006 `validation.screen.versionConflict` and the stored version, never written over.
 */
export class ScreenService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectRepo,
    private readonly screens: ScreenRepo,
    private readonly access: ProjectAccess,
    private readonly catalogue: Catalogue,
    private readonly bus: Bus,
  ) {}

  async get(caller: CurrentUser, id: number): Promise<ProjectScreen> {
    const screen = await this.require(caller, id);
    return presentScreen(screen, readDocument(JSON.parse(screen.document)));
  }

  async add(caller: CurrentUser, body: ScreenAddBody): Promise<ProjectScreen> {
    await this.access.requireWritable(caller, body.project_id);
    const doc = body.document === undefined ? emptyScreenDocument() : readDocument(body.document);
    const devices = deviceIdsOf(doc);
    const screen = await this.db.transaction().execute(async (trx) => {
      await this.assertBindable(caller, body.project_id, devices, [], trx);
      await this.assertOwnRefs(body.project_id, doc, undefined, trx);
      const row = await this.screens.insert(
        { projectId: body.project_id, name: body.name, document: JSON.stringify(doc) },
        trx,
      );
      await this.screens.setDevices(row.id, body.project_id, devices, trx);
      await this.projects.touch(body.project_id, trx);
      return row;
    });
    this.changed(caller, body.project_id);
    return presentScreen(screen, doc);
  }

  async save(caller: CurrentUser, body: ScreenSaveBody): Promise<ProjectScreen> {
    const before = await this.require(caller, body.id);
    await this.access.requireWritable(caller, before.project_id);
    const doc = readDocument(body.document);
    const devices = deviceIdsOf(doc);
    await this.db.transaction().execute(async (trx) => {
      const stored = readDocument(JSON.parse(before.document));
      await this.assertBindable(caller, before.project_id, devices, deviceIdsOf(stored), trx);
      await this.assertOwnRefs(before.project_id, doc, stored, trx);
      const saved = await this.screens.saveOver(
        body.id,
        body.version,
        { name: body.name, document: JSON.stringify(doc) },
        trx,
      );
      if (!saved) {
        const now = await this.screens.findInScope(caller.scope, body.id, trx);
        throw validationError(
          'version',
          invalid('validation.screen.versionConflict', { version: now?.version ?? 0 }),
        );
      }
      await this.screens.setDevices(body.id, before.project_id, devices, trx);
      await this.projects.touch(before.project_id, trx);
    });
    this.changed(caller, before.project_id);
    return this.get(caller, body.id);
  }

  async delete(caller: CurrentUser, id: number): Promise<void> {
    const screen = await this.require(caller, id);
    await this.access.requireWritable(caller, screen.project_id);
    await this.db.transaction().execute(async (trx) => {
      await this.screens.delete(id, trx);
      await this.projects.touch(screen.project_id, trx);
    });
    this.changed(caller, screen.project_id);
  }

  /** After the commit: every server's share viewers of the project see the screens' new bindings. */
  private changed(caller: CurrentUser, projectId: number): void {
    this.bus.publish('project.screens', { teamId: caller.teamId, projectId });
  }

  private async require(caller: CurrentUser, id: number): Promise<ProjectScreenRow> {
    const screen = await this.screens.findInScope(caller.scope, id);
    if (!screen) throw new AppError(ErrorCode.E1003_NO_DATA);
    return screen;
  }

  /**
   * The pictures, screens and recipes the document adds (not in `stored`) are the project's (1006
   * `validation.screen.foreign*` with their ids; a stored reference whose target was since
   * deleted does not stop a save).
   */
  private async assertOwnRefs(
    projectId: number,
    doc: ScreenDocument,
    stored: ScreenDocument | undefined,
    trx: Transaction<Database>,
  ): Promise<void> {
    const checks = [
      ['project_assets', assetIdsOf, 'validation.screen.foreignAssets'],
      ['project_screens', screenIdsOf, 'validation.screen.foreignScreens'],
      ['recipes', recipeIdsOf, 'validation.screen.foreignRecipes'],
    ] as const;
    for (const [table, idsOf, key] of checks) {
      const had = new Set(stored ? idsOf(stored) : []);
      const added = idsOf(doc).filter((id) => !had.has(id));
      const foreign = await this.screens.notInProject(table, projectId, added, trx);
      if (foreign.length > 0) throw validationError('document', invalid(key, { ids: foreign.join(', ') }));
    }
  }

  /** Every bound device is the project's (1089); what the screen did not bind before, the caller sees (1003). */
  private async assertBindable(
    caller: CurrentUser,
    projectId: number,
    devices: readonly number[],
    had: readonly number[],
    trx: Transaction<Database>,
  ): Promise<void> {
    const inProject = new Set(await this.projects.deviceIds(projectId, trx));
    const outside = devices.filter((d) => !inProject.has(d));
    if (outside.length > 0)
      throw new AppError(ErrorCode.E1089_DEVICE_NOT_IN_PROJECT, { device_ids: outside });
    const before = new Set(had);
    const added = devices.filter((d) => !before.has(d));
    if ((await this.catalogue.devicesInScope(caller.scope, added, trx)).length !== added.length)
      throw new AppError(ErrorCode.E1003_NO_DATA);
  }
}
