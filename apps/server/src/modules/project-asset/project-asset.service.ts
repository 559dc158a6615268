import { createHash } from 'node:crypto';
import {
  assetIdsOf,
  AssetLimits,
  ErrorCode,
  type AssetInUse,
  type AssetListReply,
  type AssetUploadReply,
  type ProjectAsset,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProjectAssetRow } from '../../db/tables/projects.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { SvgSanitizer } from '../../lib/svg-sanitizer.ts';
import type { ProjectAccess, ProjectReads } from '../project/index.ts';
import { assetName, fileRefused, readAssetContent } from './asset-content.ts';
import type { AssetHead, ProjectAssetRepo } from './project-asset.repo.ts';

/** The uploaded file as the route read it from the form. */
export interface AssetUpload {
  fileName: string;
  bytes: Buffer;
}

const presentAsset = (a: AssetHead): ProjectAsset => ({
  id: a.id,
  project_id: a.project_id,
  kind: a.kind,
  name: a.name,
  size: a.size,
  sha256: a.sha256,
  ids: JSON.parse(a.ids) as string[],
  created_at: Number(a.created_at),
});

/**
 * A project's pictures and drawings (docs/api.md, Multi-device projects, Pictures): upload
 * (checked and, for an SVG, sanitised: asset-content.ts), list, delete and the file. Reads need
 * the project in the caller's scope (1003 otherwise, for an asset of another team or project
 * alike); uploads and deletes also need it unlocked (1052). A project's assets are capped in
 * number and bytes; an asset a screen shows cannot be deleted (1006
 * `validation.projectAsset.inUse`, `data.screens`).
 */
export class ProjectAssetService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly assets: ProjectAssetRepo,
    private readonly access: ProjectAccess,
    private readonly reads: ProjectReads,
    private readonly sanitizer: Pick<SvgSanitizer, 'sanitize'>,
  ) {}

  async upload(caller: CurrentUser, projectId: number, file: AssetUpload): Promise<AssetUploadReply> {
    await this.access.requireWritable(caller, projectId);
    const content = await readAssetContent(file, this.sanitizer);
    const row = await this.db.transaction().execute(async (trx) => {
      const totals = await this.assets.totals(projectId, trx);
      if (totals.count >= AssetLimits.perProjectMax)
        throw fileRefused('validation.projectAsset.tooMany', { max: AssetLimits.perProjectMax });
      if (totals.bytes + content.bytes.length > AssetLimits.perProjectBytes)
        throw fileRefused('validation.projectAsset.projectFull', {
          size: `${AssetLimits.perProjectBytes / 1024 / 1024} MB`,
        });
      return this.assets.insert(
        {
          project_id: projectId,
          kind: content.kind,
          name: assetName(file.fileName, content.kind),
          bytes: content.bytes,
          sha256: createHash('sha256').update(content.bytes).digest('hex'),
          size: content.bytes.length,
          ids: JSON.stringify(content.ids),
        },
        trx,
      );
    });
    return { ...presentAsset(row), removed: content.removed };
  }

  async list(caller: CurrentUser, projectId: number): Promise<AssetListReply> {
    await this.access.require(caller, projectId);
    return { list: (await this.assets.list(projectId)).map(presentAsset) };
  }

  async delete(caller: CurrentUser, id: number): Promise<void> {
    const asset = await this.require(caller, id);
    await this.access.requireWritable(caller, asset.project_id);
    const screens = await this.screensShowing(asset.project_id, id);
    if (screens.length > 0) {
      const inUse: AssetInUse = { screens };
      const refusal = fileRefused('validation.projectAsset.inUse', {
        screens: screens.map((s) => `"${s.name}"`).join(', '),
      });
      throw new AppError(ErrorCode.E1006_BAD_PARAMETER, { ...(refusal.data as object), ...inUse });
    }
    await this.assets.delete(id);
  }

  /** The asset with its bytes, for a caller who may view its project. */
  async file(caller: CurrentUser, id: number): Promise<ProjectAssetRow> {
    const asset = await this.require(caller, id);
    return this.fileIn(asset.project_id, id);
  }

  /** The asset with its bytes when it is the project's (a share link's viewer), else 1003. */
  async fileIn(projectId: number, id: number): Promise<ProjectAssetRow> {
    const file = await this.assets.fileIn(projectId, id);
    if (!file) throw new AppError(ErrorCode.E1003_NO_DATA);
    return file;
  }

  /** The screens of the project that show the asset. */
  private async screensShowing(projectId: number, assetId: number): Promise<AssetInUse['screens']> {
    const screens = await this.reads.documents(projectId);
    return screens
      .filter((s) => assetIdsOf(s.document).includes(assetId))
      .map((s) => ({ id: s.id, name: s.name }));
  }

  /** The asset when its project is in the caller's scope (1003 otherwise, as when there is none). */
  private async require(caller: CurrentUser, id: number): Promise<AssetHead> {
    const asset = await this.assets.head(id);
    if (!asset) throw new AppError(ErrorCode.E1003_NO_DATA);
    await this.access.require(caller, asset.project_id);
    return asset;
  }
}
