import {
  bindingsOf,
  ErrorCode,
  Perm,
  ShareLimits,
  type ProjectScreen,
  type ShareRefusal,
  type SharedProject,
} from '@hmi/domain';
import type { ProjectAssetRow, ProjectShareRow } from '../../db/tables/projects.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import { wholeTeam } from '../../lib/data-scope.ts';
import type { Catalogue } from '../device/index.ts';
import type { ProjectAssetService } from '../project-asset/index.ts';
import type { ProjectReads } from '../project/index.ts';
import type { RateLimiter } from '../verification/index.ts';
import type { ProjectShareRepo } from './project-share.repo.ts';

/** Who presents a valid share token: one link, read-only, of one project of one team. */
export interface ShareViewer {
  shareId: number;
  projectId: number;
  teamId: number;
  expiresAt: number;
}

/** Who made the links: what they may do now (PrincipalService.member) and whether they see a project. */
export interface ShareCreators {
  member(userId: number): Promise<CurrentUser | null>;
  seesProject(creator: CurrentUser, projectId: number): Promise<boolean>;
}

/** Bad tokens counted per client address (rate_events kind). */
const BAD_TOKEN_KIND = 'share:token:ip';

const refused = (reason: ShareRefusal['reason']) =>
  new AppError(ErrorCode.E1001_AUTHENTICATION, { reason } satisfies ShareRefusal);

/**
 * What a share link's viewer may read (docs/api.md, Multi-device projects, Share links): the
 * link's project (name, screens, devices), one of its screens, one of its pictures, and for the
 * live socket the (device, tag) pairs its screens bind. Nothing else is reachable with a token:
 * every read is narrowed to the link's project and team, and an id of another project is 1003.
 *
 * A token is found by its SHA-256. Missing or unknown: 1001 'invalid'; revoked or expired:
 * 1001 'revoked' / 'expired' (a token that was ours, not a guess). A client address that
 * presented ShareLimits.badTokens.max unknown tokens within the window is refused with 1036
 * before its token is looked up, so guessing costs a window per few attempts.
 */
export class ShareViewerService {
  constructor(
    private readonly shares: ProjectShareRepo,
    private readonly reads: ProjectReads,
    private readonly assets: ProjectAssetService,
    private readonly catalogue: Pick<Catalogue, 'devicesInScope'>,
    private readonly limiter: RateLimiter,
    private readonly creators: ShareCreators,
  ) {}

  /** The viewer of a token presented from `address`; 1001, or 1036 for an address that guessed. */
  async open(token: string | undefined, address: string): Promise<ShareViewer> {
    if (!token) throw refused('invalid');
    const rule = ShareLimits.badTokens;
    const recent = await this.limiter.recent(BAD_TOKEN_KIND, address, rule.windowMs);
    if (recent.count >= rule.max) {
      const retry = (recent.last ?? this.limiter.now()) + rule.windowMs - this.limiter.now();
      throw new AppError(ErrorCode.E1036_TOO_FREQUENT, { retry_after_ms: Math.max(retry, 1_000) });
    }
    const share = await this.shares.byHash(sha256(token));
    if (!share) {
      await this.limiter.record(BAD_TOKEN_KIND, address);
      throw refused('invalid');
    }
    const now = Date.now();
    if (share.revoked_at !== null) throw refused('revoked');
    if (Number(share.expires_at) <= now) throw refused('expired');
    if (!(await this.creatorMayShare(share))) throw refused('revoked');
    await this.shares.used(share.id, now);
    return {
      shareId: share.id,
      projectId: share.project_id,
      teamId: share.team_id,
      expiresAt: Number(share.expires_at),
    };
  }

  /**
   * Whether the link still opens its project: not revoked, not expired, the project there, and
   * its creator could still make it.
   */
  async stillOpen(shareId: number): Promise<boolean> {
    const share = await this.shares.byId(shareId);
    if (!share || share.revoked_at !== null || Number(share.expires_at) <= Date.now()) return false;
    return this.creatorMayShare(share);
  }

  /**
   * A link lends its creator's right to see the project: it holds while the creator is an active
   * member of the team with the project edit permission (42) and the project in their data scope,
   * and ends with the first of those to go (a closed account, a removed member, a narrowed role).
   */
  private async creatorMayShare(share: ProjectShareRow): Promise<boolean> {
    if (share.created_by === null) return false;
    const creator = await this.creators.member(share.created_by);
    if (!creator || creator.teamId !== share.team_id || !creator.permissions.has(Perm.ProjectEdit))
      return false;
    return this.creators.seesProject(creator, share.project_id);
  }

  async project(viewer: ShareViewer): Promise<SharedProject> {
    const project = await this.reads.project(viewer.teamId, viewer.projectId);
    if (!project) throw refused('invalid');
    const [screens, deviceIds] = await Promise.all([
      this.reads.screenSummaries(project.id),
      this.reads.deviceIds(project.id),
    ]);
    const devices = await this.catalogue.devicesInScope(wholeTeam(viewer.teamId), deviceIds);
    return {
      project_id: project.id,
      name: project.name,
      expires_at: viewer.expiresAt,
      screens: screens.map((s) => ({ ...s, updated_at: Number(s.updated_at) })),
      devices: devices.map((d) => ({ id: d.id, name: d.name ?? '', online: d.online, visible: true })),
    };
  }

  async screen(viewer: ShareViewer, screenId: number): Promise<ProjectScreen> {
    const screen = await this.reads.screen(viewer.teamId, viewer.projectId, screenId);
    if (!screen) throw new AppError(ErrorCode.E1003_NO_DATA);
    return screen;
  }

  assetFile(viewer: ShareViewer, assetId: number): Promise<ProjectAssetRow> {
    return this.assets.fileIn(viewer.projectId, assetId);
  }

  /** The (device, tag) pairs the project's screens bind, by device: all a viewer's socket may stream. */
  async boundPairs(projectId: number): Promise<Map<number, Set<number>>> {
    const pairs = new Map<number, Set<number>>();
    for (const { document } of await this.reads.documents(projectId))
      for (const { deviceId, tagId } of bindingsOf(document)) {
        let tags = pairs.get(deviceId);
        if (!tags) pairs.set(deviceId, (tags = new Set()));
        tags.add(tagId);
      }
    return pairs;
  }
}
