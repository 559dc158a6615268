import { ErrorCode, type Region, type RegionAccount } from '@hmi/domain';
import type { User } from '../../db/tables/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { AccessTokenCodec, SessionEndedEvent } from '../session/index.ts';
import type { UserService } from '../users/index.ts';
import type { AccountRegions } from './directory-tokens.ts';
import type { RegionFanout } from './region-fanout.ts';
import type { RegionLink } from './region-link.ts';

export interface RegionPlace {
  host: string;
  region: Region;
}

const splitList = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The directory (REGION_HOSTS set): where an account works. It knows each region's host; an
 * account's regions are its data_center. Signing in, switching region and adding a data center
 * provision the account in the region (its profile, never its password); what ends sessions or
 * closes the account reaches every region of the account through the fan-out.
 */
export class DirectoryService implements AccountRegions {
  constructor(
    private readonly hosts: ReadonlyMap<string, string>,
    private readonly users: UserService,
    private readonly link: RegionLink,
    private readonly fanout: RegionFanout,
    /** The user of a session (a session's end names only the session). */
    private readonly sessionUser: (sessionId: string) => Promise<number | undefined>,
    private readonly tokens: Pick<AccessTokenCodec, 'sign'>,
  ) {}

  /** The account's regions this directory serves. */
  async regionsOf(userId: number): Promise<string[]> {
    const user = await this.users.findById(userId);
    return user ? this.served(user) : [];
  }

  /** Where a signed-in account works: the region asked for (one of its own, else 1104) or its first. */
  async place(user: User, requested?: Region): Promise<RegionPlace> {
    const regions = this.served(user);
    const region = (requested ?? regions[0]) as Region | undefined;
    if (!region || !regions.includes(region)) throw new AppError(ErrorCode.E1104_NO_ACCOUNT_DATA_IN_DC);
    await this.provision(user, region);
    return { host: this.hosts.get(region) ?? '', region };
  }

  /**
   * GET /global/region: another region of the caller's, without signing in again, with an access
   * token of the same session that names the account's regions as they are now (one added since
   * the last refresh included).
   */
  async switchTo(caller: CurrentUser, region: Region): Promise<RegionPlace & { token: string }> {
    const user = await this.users.findById(caller.id);
    if (!user) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    const place = await this.place(user, region);
    const token = await this.tokens.sign({
      userId: user.id,
      teamId: user.team_id,
      sessionId: caller.sessionId,
    });
    return { ...place, token };
  }

  /**
   * After /global/add/datacenter: the account exists in its new region at once, and its other
   * regions show the new list (an unreachable one catches up at the account's next sign-in there).
   */
  async opened(userId: number, region: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) return;
    await this.provision(user, region);
    const others = this.served(user).filter((r) => r !== region);
    await Promise.all(others.map((r) => this.provision(user, r).catch(() => undefined)));
  }

  /** Sessions ended here (logout, password change, replayed refresh token): in every region too. */
  async sessionsEnded(e: SessionEndedEvent, at = Date.now()): Promise<void> {
    const userId = e.userId ?? (e.sessionId === undefined ? undefined : await this.sessionUser(e.sessionId));
    if (userId === undefined) return;
    await this.fanout.publish(await this.regionsOf(userId), {
      type: 'sessions-ended',
      global_id: userId,
      ...(e.userId === undefined && e.sessionId !== undefined && { session_id: e.sessionId }),
      at,
    });
  }

  /** The account was closed here: closed in every region. */
  async closed(userId: number, at = Date.now()): Promise<void> {
    await this.fanout.publish(await this.regionsOf(userId), { type: 'closed', global_id: userId, at });
  }

  private served(user: User): string[] {
    return splitList(user.data_center).filter((r) => this.hosts.has(r));
  }

  private async provision(user: User, region: string): Promise<void> {
    const profile = await this.users.profile(user.id);
    const account: RegionAccount = {
      global_id: user.id,
      email: user.email,
      phone: user.phone,
      area_code: user.area_code,
      name: user.name,
      contact: user.contact,
      lang: user.lang,
      team_name: profile?.team_name ?? user.name,
      data_center: user.data_center,
    };
    await this.link.provision(region, account);
  }
}
