import { allPermissionIds } from '@hmi/domain';
import { createActiveUserDirect } from '../../src/modules/messages/message-test-helpers.ts';
import { DEFAULT_PASSWORD } from '../factories.ts';
import type { Fixture } from './fixture.ts';
import { TEAM_MARK } from './marks.ts';
import type { CallerClass, RowAccess } from './matrix-types.ts';
import { addMember, createRole, type Member } from './members.ts';

/** The permissions of the member that lacks a route's: all but the route's; none on a signed-in route. */
export function permissionsWithout(access: RowAccess): number[] {
  if (access === 'public' || access === 'signedIn') return [];
  return allPermissionIds.filter((id) => !access.includes(id));
}

/**
 * The accounts of the caller classes, made on first use: team A's members are signed in once
 * per role and reused by every cell of the suite (except for routes that act on the caller's
 * own account, which get a fresh account per cell).
 */
export class CallerPool {
  private readonly roles = new Map<string, Promise<number>>();
  private readonly members = new Map<string, Promise<Member>>();
  private readonly notices = new Map<number, number>();

  constructor(private readonly fx: Fixture) {}

  /** The account a caller class uses on a route of this access (null: anonymous). */
  of(cls: CallerClass, access: RowAccess): Promise<Member | null> {
    switch (cls) {
      case 'anonymous':
        return Promise.resolve(null);
      case 'otherTeam':
        return Promise.resolve(this.fx.b.main);
      case 'main':
        return Promise.resolve(this.fx.a.main);
      case 'keyWithout': {
        const key = `key:${permissionsWithout(access).join(',')}`;
        let member = this.members.get(key);
        if (!member) this.members.set(key, (member = this.keyOf(this.fx.a.main, access)));
        return member;
      }
      default: {
        const key = this.roleKey(cls, access);
        let member = this.members.get(key);
        if (!member) this.members.set(key, (member = this.newMember(cls, access)));
        return member;
      }
    }
  }

  /** A new account of the class: another team's main account for the main classes, else a new member. */
  async fresh(cls: CallerClass, access: RowAccess): Promise<Member | null> {
    if (cls === 'anonymous') return null;
    if (cls === 'main' || cls === 'otherTeam' || cls === 'keyWithout') {
      const user = await createActiveUserDirect(this.fx.server);
      const account = {
        id: user.userId,
        teamId: user.teamId,
        email: user.email,
        password: DEFAULT_PASSWORD,
        name: 'Direct',
        token: user.token,
      };
      return cls === 'keyWithout' ? this.keyOf(account, access) : account;
    }
    return this.newMember(cls, access);
  }

  /** The account with, as its token, an API key of its own without the route's permissions. */
  private async keyOf(account: Member, access: RowAccess): Promise<Member> {
    const res = await this.fx.server.call<{ key: string }>('POST', '/apikey/add', {
      token: account.token,
      body: { name: 'matrix', expires_in_days: 1, permissions: permissionsWithout(access) },
    });
    if (res.body.code !== 0) throw new Error(`no key: ${JSON.stringify(res.body)}`);
    return { ...account, token: res.body.data.key };
  }

  /** The id of the member's own notice (team A's accounts). */
  noticeOf(member: Member): number {
    const id = this.notices.get(member.id);
    if (id === undefined) throw new Error(`no notice for user ${member.id}`);
    return id;
  }

  async init(): Promise<void> {
    this.notices.set(this.fx.a.main.id, await this.fx.giveMessages(this.fx.a.main, true));
  }

  private async newMember(cls: CallerClass, access: RowAccess): Promise<Member> {
    const key = this.roleKey(cls, access);
    let role = this.roles.get(key);
    if (!role) this.roles.set(key, (role = this.newRole(cls, access)));
    const member = await addMember(this.fx.server, this.fx.a, await role, `${TEAM_MARK}_${cls}`);
    this.notices.set(member.id, await this.fx.giveMessages(member, cls !== 'outOfScope'));
    return member;
  }

  private newRole(cls: CallerClass, access: RowAccess): Promise<number> {
    if (cls === 'inScope') return Promise.resolve(this.fx.roles.inScope);
    if (cls === 'outOfScope') return Promise.resolve(this.fx.roles.outOfScope);
    return createRole(this.fx.server, this.fx.a.teamId, permissionsWithout(access), this.fx.inScope);
  }

  private roleKey(cls: CallerClass, access: RowAccess): string {
    return cls === 'withoutPermission' ? `${cls}:${permissionsWithout(access).join(',')}` : cls;
  }
}
