import { ErrorCode, StringErrorCode } from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Project } from '../../db/tables/projects.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { lockedTemplates } from '../billing/index.ts';
import type { ProjectRepo } from './project.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The team's Cloud Application allowance (the billing module's BillingAccountService.templateMax). */
export interface ProjectAllowance {
  templateMax(teamId: number, db?: Db): Promise<number>;
}

/**
 * Which project a caller may reach and whether it is locked. A project of another team or
 * outside a sub-account's project grants is 1003. Projects lock by the templates' rule
 * (docs/api.md, Billing, Locks; `lockedTemplates`): with an allowance of A, the A most recently
 * created projects are usable and the older ones are read-only (1052) until a card is activated.
 */
export class ProjectAccess {
  constructor(
    private readonly projects: ProjectRepo,
    private readonly allowance: ProjectAllowance,
  ) {}

  async require(caller: CurrentUser, id: number, db?: Db): Promise<Project> {
    const project = await this.projects.findInScope(caller.scope, id, db);
    if (!project) throw new AppError(ErrorCode.E1003_NO_DATA);
    return project;
  }

  /** The project (1003) when it is not locked (1052): for every change. */
  async requireWritable(caller: CurrentUser, id: number, db?: Db): Promise<Project> {
    const project = await this.require(caller, id, db);
    if ((await this.lockedOf(caller.teamId, db)).has(project.id))
      throw new AppError(ErrorCode.E1052_TEMPLATE_LOCKED, StringErrorCode.E_PROJECT_LOCKED);
    return project;
  }

  async lockedOf(teamId: number, db?: Db): Promise<ReadonlySet<number>> {
    const [allowance, projects] = await Promise.all([
      this.allowance.templateMax(teamId, db),
      this.projects.creationsOf(teamId, db),
    ]);
    return lockedTemplates(allowance, projects);
  }

  /** The allowance and how many projects the team has (a new one must fit: nothing may lock). */
  async room(teamId: number, db?: Db): Promise<{ max: number; count: number }> {
    const [max, projects] = await Promise.all([
      this.allowance.templateMax(teamId, db),
      this.projects.creationsOf(teamId, db),
    ]);
    return { max, count: projects.length };
  }
}
