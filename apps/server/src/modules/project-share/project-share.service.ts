import {
  ErrorCode,
  invalid,
  ShareLimits,
  type ShareAddBody,
  type ShareCreated,
  type ShareItem,
  type ShareListReply,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProjectShareRow } from '../../db/tables/projects.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { validationError } from '../../lib/validate.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { ProjectAccess } from '../project/index.ts';
import type { ProjectShareRepo } from './project-share.repo.ts';

const HOUR_MS = 3_600_000;

export function presentShare(s: ProjectShareRow, now = Date.now()): ShareItem {
  const expiresAt = Number(s.expires_at);
  return {
    id: s.id,
    project_id: s.project_id,
    name: s.name,
    created_by: s.created_by,
    created_at: Number(s.created_at),
    expires_at: expiresAt,
    revoked_at: s.revoked_at === null ? null : Number(s.revoked_at),
    last_used_at: s.last_used_at === null ? null : Number(s.last_used_at),
    state: s.revoked_at !== null ? 'revoked' : expiresAt <= now ? 'expired' : 'active',
  };
}

/**
 * A project's share links as its editors see them (docs/api.md, Multi-device projects, Share
 * links): make one (the token answered this once; only its SHA-256 is stored), list them without
 * tokens, revoke one. All need the project in the caller's scope (1003); making one also needs it
 * unlocked (1052), revoking never does (taking access away must always work). A revoke is
 * published on the bus: every server closes that link's sockets at once.
 */
export class ProjectShareService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly shares: ProjectShareRepo,
    private readonly access: ProjectAccess,
    private readonly bus: Bus,
  ) {}

  async add(caller: CurrentUser, body: ShareAddBody): Promise<ShareCreated> {
    const project = await this.access.requireWritable(caller, body.project_id);
    const token = randomToken(32);
    const now = Date.now();
    const row = await this.db.transaction().execute(async (trx) => {
      if ((await this.shares.countActive(project.id, now, trx)) >= ShareLimits.activePerProject)
        throw validationError(
          'project_id',
          invalid('validation.projectShare.tooMany', { max: ShareLimits.activePerProject }),
        );
      return this.shares.insert(
        {
          project_id: project.id,
          team_id: project.team_id,
          created_by: caller.id,
          name: body.name,
          token_hash: sha256(token),
          expires_at: now + body.expires_in_hours * HOUR_MS,
          created_at: now,
        },
        trx,
      );
    });
    return { ...presentShare(row, now), token };
  }

  async list(caller: CurrentUser, projectId: number): Promise<ShareListReply> {
    await this.access.require(caller, projectId);
    const now = Date.now();
    return { list: (await this.shares.list(projectId)).map((s) => presentShare(s, now)) };
  }

  /** Revokes the link (again: nothing changes); its viewers' sockets close on every server. */
  async revoke(caller: CurrentUser, id: number): Promise<void> {
    const share = await this.shares.byId(id);
    if (!share) throw new AppError(ErrorCode.E1003_NO_DATA);
    await this.access.require(caller, share.project_id);
    await this.shares.revoke(id, Date.now());
    this.bus.publish('share.ended', { teamId: share.team_id, projectId: share.project_id, shareIds: [id] });
  }
}
