import { ErrorCode, type Region } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { tokenFromHeader } from '../session/index.ts';
import type { DirectoryJwks } from './directory-jwks.ts';
import { regionAudience } from './directory-tokens.ts';
import type { DirectoryService, RegionPlace } from './directory.service.ts';
import type { RegionalAccounts } from './regional-accounts.ts';
import type { SigningKeys } from './signing-keys.ts';

/** What this server is in a deployment of regions (docs/regions.md). */
export type RegionRole =
  | { kind: 'single'; region: Region }
  | { kind: 'directory'; region: Region; keys: SigningKeys; directory: DirectoryService }
  | { kind: 'region'; region: Region; jwks: DirectoryJwks; accounts: RegionalAccounts };

/**
 * The directory routes' service: the same routes on every server, answered by what the server
 * is. The embedded default (`single`) is directory and region in one: switching answers its own
 * region; a directory publishes its keys and places accounts; a region takes its directory's
 * calls.
 */
export class RegionsService {
  readonly keys: SigningKeys | null;

  constructor(private readonly role: RegionRole) {
    this.keys = role.kind === 'directory' ? role.keys : null;
  }

  /** GET /global/region: the host of one of the caller's regions (1104: not one of them). */
  async switchRegion(caller: CurrentUser, region: Region): Promise<RegionPlace & { token?: string }> {
    if (this.role.kind === 'directory') return this.role.directory.switchTo(caller, region);
    if (region !== this.role.region) throw new AppError(ErrorCode.E1104_NO_ACCOUNT_DATA_IN_DC);
    return { host: '', region };
  }

  /** A region: reads the directory's keys now (after a rotation); false when unreachable or not a region. */
  refreshKeys(): Promise<boolean> {
    return this.role.kind === 'region' ? this.role.jwks.fetch() : Promise.resolve(false);
  }

  /** The region's accounts, for a call its directory signed for this region; 1009 otherwise. */
  async fromDirectory(authorization: string | undefined): Promise<RegionalAccounts> {
    const token = tokenFromHeader(authorization);
    if (this.role.kind !== 'region' || !token) throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    const payload = await this.role.jwks.verify(token, regionAudience(this.role.region)).catch(() => null);
    if (payload?.svc !== 1 || payload.sub !== 'directory') throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    return this.role.accounts;
  }
}
