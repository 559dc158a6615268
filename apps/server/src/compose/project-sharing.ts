import { SvgSanitizer } from '../lib/svg-sanitizer.ts';
import { ProjectAssetRepo } from '../modules/project-asset/project-asset.repo.ts';
import { ProjectAssetService } from '../modules/project-asset/index.ts';
import { ProjectShareRepo } from '../modules/project-share/project-share.repo.ts';
import {
  ProjectShareService,
  ShareViewerService,
  type ShareCreators,
} from '../modules/project-share/index.ts';
import type { PrincipalService } from '../modules/session/principal.service.ts';
import { AppError } from '../lib/app-error.ts';
import type { Catalogue } from '../modules/device/index.ts';
import type { RateLimiter } from '../modules/verification/index.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { Projects } from './projects.ts';

/** What a project's pictures and share links take from earlier groups. */
export interface ProjectSharingNeeds {
  projects: Projects;
  catalogue: Catalogue;
  /** Bad share tokens per client address (the accounts group's limiter). */
  limiter: RateLimiter;
  /** What a link's creator may do now (a link ends with its creator's right). */
  principals: Pick<PrincipalService, 'member'>;
}

/**
 * A project's pictures and drawings, its share links and their viewers. Built after the project
 * group (its access rule and reads) and before the live group, whose device data sockets take
 * share viewers (`shareViewers`).
 */
export function composeProjectSharing({ db, bus }: Infrastructure, needs: ProjectSharingNeeds) {
  const { access, reads } = needs.projects.parts;
  // Uploaded drawings are cleaned on a worker thread (lib/svg-sanitizer.ts): a runtime part, ended on close.
  const svgSanitizer = new SvgSanitizer();
  const projectAssets = new ProjectAssetService(db, new ProjectAssetRepo(db), access, reads, svgSanitizer);
  const shareRepo = new ProjectShareRepo(db);
  const creators: ShareCreators = {
    member: (userId) => needs.principals.member(userId),
    seesProject: (creator, projectId) =>
      access.require(creator, projectId).then(
        () => true,
        (err: unknown) => {
          if (err instanceof AppError) return false;
          throw err;
        },
      ),
  };
  return {
    runnable: svgSanitizer,
    services: {
      projectAssets,
      projectShares: new ProjectShareService(db, shareRepo, access, bus),
      shareViewers: new ShareViewerService(
        shareRepo,
        reads,
        projectAssets,
        needs.catalogue,
        needs.limiter,
        creators,
      ),
    },
  };
}
