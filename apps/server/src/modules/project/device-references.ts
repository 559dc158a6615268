import { ErrorCode } from '@hmi/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProjectRepo } from './project.repo.ts';
import type { ScreenRepo } from './screen.repo.ts';

/**
 * What projects hold of devices, for the device module's unbind (its `DeviceReferences` port): a
 * device a screen binds cannot leave the team (1091, `data.where` names the projects and
 * screens: unbind it in the designer first); a device that leaves is taken out of every project.
 */
export class ProjectDeviceReferences {
  constructor(
    private readonly projects: ProjectRepo,
    private readonly screens: ScreenRepo,
  ) {}

  async assertUnreferenced(
    teamId: number,
    deviceIds: readonly number[],
    db: Transaction<Database>,
  ): Promise<void> {
    const where = await this.screens.references(teamId, deviceIds, undefined, db);
    if (where.length > 0) throw new AppError(ErrorCode.E1091_DEVICE_IN_CONFIGURATION, { where });
  }

  released(deviceIds: readonly number[], db: Transaction<Database>): Promise<void> {
    return this.projects.releaseDevices(deviceIds, db);
  }
}
