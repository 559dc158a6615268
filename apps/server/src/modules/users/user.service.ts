import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewUser, User, UserUpdate } from '../../db/tables/accounts.ts';
import type { LoginName } from './login-name.ts';
import type { PrincipalRow, UserRepo } from './user.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Users, teams and roles as the other modules reach them (sign-in, registration, account, the
 * auth hook): the users module's public face over its repository, which stays its own. Writes
 * take the caller's transaction where they must commit with the caller's rows.
 */
export class UserService {
  constructor(private readonly repo: UserRepo) {}

  findById(id: number, db?: Db): Promise<User | undefined> {
    return this.repo.findById(id, db);
  }

  findByLoginName(name: LoginName, db?: Db): Promise<User | undefined> {
    return this.repo.findByLoginName(name, db);
  }

  /** A region: the local account of a directory account (null global_id: none). */
  findByGlobalId(globalId: number, db?: Db): Promise<User | undefined> {
    return this.repo.findByGlobalId(globalId, db);
  }

  /** Creates a team and its main account together. */
  createTeamWithMain(
    team: { name: string; region: string },
    user: Omit<NewUser, 'team_id' | 'is_main' | 'role_id' | 'created_at' | 'updated_at'>,
    now: number,
    db: Db,
  ): Promise<User> {
    return this.repo.createTeamWithMain(team, user, now, db);
  }

  update(id: number, values: UserUpdate, db?: Db): Promise<void> {
    return this.repo.update(id, values, db);
  }

  renameTeam(teamId: number, name: string, db?: Db): Promise<void> {
    return this.repo.renameTeam(teamId, name, db);
  }

  /** The profile of SPEC section 3: the user with its team. */
  profile(userId: number) {
    return this.repo.profile(userId);
  }

  /** The user of an access token with its session and role, in one query. */
  findPrincipal(userId: number, sessionId: string): Promise<PrincipalRow | undefined> {
    return this.repo.findPrincipal(userId, sessionId);
  }

  findMember(userId: number): Promise<PrincipalRow | undefined> {
    return this.repo.findMember(userId);
  }
}
