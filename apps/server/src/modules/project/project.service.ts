import {
  ErrorCode,
  invalid,
  type ProjectAddBody,
  type ProjectDetail,
  type ProjectEditBody,
  type ProjectItem,
  type ProjectListQueryParsed,
  type ProjectListReply,
} from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Project } from '../../db/tables/projects.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CreatorGrants } from '../../lib/creator-grants.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { wholeTeam } from '../../lib/data-scope.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { validationError } from '../../lib/validate.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { Catalogue } from '../device/index.ts';
import type { ProjectAccess } from './project-access.ts';
import { presentProject, presentProjectDevice } from './project.presenter.ts';
import type { ProjectRepo } from './project.repo.ts';
import type { ScreenRepo } from './screen.repo.ts';

const nameExists = () => new AppError(ErrorCode.E1092_PROJECT_EXISTS);

/**
 * Multi-device projects (docs/api.md, Projects): list, detail, add, edit, delete and the device
 * set. Names are unique in the team, case-insensitively (1092). A project's devices are devices
 * of the team that the caller may see (1003): a sub-account adds only devices in its own data
 * permissions, and what it does not see of a project's devices stays as it is. A device still
 * bound by a screen cannot leave the project (1091, `data.where` names the screens). Changes to
 * a locked project are 1052 (ProjectAccess).
 */
export class ProjectService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectRepo,
    private readonly screens: ScreenRepo,
    private readonly access: ProjectAccess,
    private readonly catalogue: Catalogue,
    private readonly creators: CreatorGrants,
    private readonly bus: Bus,
  ) {}

  async list(caller: CurrentUser, query: ProjectListQueryParsed): Promise<ProjectListReply> {
    const [{ rows, total }, locked] = await Promise.all([
      this.projects.page(
        caller.scope,
        { search: query.search, id: query.projectid },
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
      ),
      this.access.lockedOf(caller.teamId),
    ]);
    return {
      list: rows.map((r) => presentProject(r, r.device_count, r.screen_count, locked.has(r.id))),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  async detail(caller: CurrentUser, id: number): Promise<ProjectDetail> {
    return this.present(caller, await this.access.require(caller, id));
  }

  async add(caller: CurrentUser, body: ProjectAddBody): Promise<ProjectDetail> {
    const deviceIds = await this.visibleDevices(caller, body.device_ids ?? []);
    await this.assertNameFree(caller.teamId, body.name);
    const project = await onUniqueViolation(
      () =>
        this.db.transaction().execute(async (trx) => {
          const room = await this.access.room(caller.teamId, trx);
          if (room.count >= room.max)
            throw validationError('name', invalid('validation.project.lockedCreate', { max: room.max }));
          const row = await this.projects.insert(
            {
              teamId: caller.teamId,
              name: body.name,
              description: body.description ?? '',
              createdBy: caller.id,
            },
            trx,
          );
          await this.projects.setDevices(row.id, deviceIds, trx);
          return row;
        }),
      nameExists,
    );
    const creator = await this.creators.created(caller, 'project', project.id);
    return this.present(creator, project);
  }

  async edit(caller: CurrentUser, body: ProjectEditBody): Promise<ProjectDetail> {
    await this.access.requireWritable(caller, body.id);
    if (body.name !== undefined) await this.assertNameFree(caller.teamId, body.name, body.id);
    await onUniqueViolation(
      () => this.projects.update(body.id, { name: body.name, description: body.description }),
      nameExists,
    );
    return this.detail(caller, body.id);
  }

  async delete(caller: CurrentUser, id: number): Promise<void> {
    await this.access.require(caller, id);
    await this.db.transaction().execute((trx) => this.projects.delete(id, trx));
    // Its share links went with it: every server closes their viewers' sockets.
    this.bus.publish('project.deleted', { teamId: caller.teamId, projectId: id });
  }

  /**
   * Sets the project's devices to `deviceIds` as far as the caller sees them: the devices of the
   * project it cannot see stay. Removing a device a screen binds is 1091.
   */
  async setDevices(caller: CurrentUser, id: number, deviceIds: readonly number[]): Promise<ProjectDetail> {
    const project = await this.access.requireWritable(caller, id);
    const wanted = await this.visibleDevices(caller, deviceIds);
    await this.db.transaction().execute(async (trx) => {
      const current = await this.projects.deviceIds(id, trx);
      const seen = new Set(
        (await this.catalogue.devicesInScope(caller.scope, current, trx)).map((d) => d.id),
      );
      const hidden = current.filter((d) => !seen.has(d));
      const removed = current.filter((d) => seen.has(d) && !wanted.includes(d));
      await this.assertUnbound(caller.teamId, removed, id, trx);
      await this.projects.setDevices(id, [...hidden, ...wanted], trx);
      await this.projects.touch(id, trx);
    });
    return this.present(caller, project);
  }

  /** Every id a device of the team the caller sees (else 1003), deduplicated. */
  private async visibleDevices(caller: CurrentUser, ids: readonly number[]): Promise<number[]> {
    const wanted = [...new Set(ids)];
    const found = await this.catalogue.devicesInScope(caller.scope, wanted);
    if (found.length !== wanted.length) throw new AppError(ErrorCode.E1003_NO_DATA);
    return wanted;
  }

  private async assertUnbound(
    teamId: number,
    deviceIds: number[],
    projectId: number,
    db: Transaction<Database>,
  ) {
    const where = await this.screens.references(teamId, deviceIds, projectId, db);
    if (where.length > 0) throw new AppError(ErrorCode.E1091_DEVICE_IN_CONFIGURATION, { where });
  }

  private async present(caller: CurrentUser, project: Project): Promise<ProjectDetail> {
    const fresh = (await this.projects.findInScope(wholeTeam(caller.teamId), project.id)) ?? project;
    const [ids, screens, locked] = await Promise.all([
      this.projects.deviceIds(project.id),
      this.screens.summaries(project.id),
      this.access.lockedOf(caller.teamId),
    ]);
    const [team, visible] = await Promise.all([
      this.catalogue.devicesInScope(wholeTeam(caller.teamId), ids),
      this.catalogue.devicesInScope(caller.scope, ids),
    ]);
    const seen = new Set(visible.map((d) => d.id));
    const byId = new Map(team.map((d) => [d.id, d]));
    const devices = ids.flatMap((d) => {
      const row = byId.get(d);
      return row ? [presentProjectDevice(row, seen.has(d))] : [];
    });
    const item: ProjectItem = presentProject(fresh, ids.length, screens.length, locked.has(project.id));
    return { ...item, devices, screens };
  }

  private async assertNameFree(teamId: number, name: string, exceptId?: number): Promise<void> {
    if (await this.projects.nameTaken(teamId, name, exceptId)) throw nameExists();
  }
}
