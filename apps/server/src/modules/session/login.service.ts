import { ErrorCode, type Region } from '@hmi/domain';
import type { User } from '../../db/tables/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { parseLoginName, type UserService } from '../users/index.ts';
import type { LoginThrottle } from './login-throttle.service.ts';
import type { ClientMeta, IssuedTokens, SessionService } from './session.service.ts';

/** Where a signed-in account works (a directory: the regional host, provisioned there). */
export interface LoginPlacement {
  place(user: User, requested?: Region): Promise<{ host: string; region: Region } | undefined>;
}

/** Password login by email or phone. */
export class LoginService {
  constructor(
    private readonly users: UserService,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionService,
    private readonly placement: LoginPlacement | null = null,
  ) {}

  /**
   * 1036 when throttled, 1010 unknown user, 1004 wrong password, then (password right) 1055 closed
   * and 1014 not yet activated. Unknown users and wrong passwords both count as failures.
   */
  async login(
    userName: string,
    password: string,
    meta: ClientMeta,
    region?: Region,
  ): Promise<IssuedTokens & { host?: string; region?: Region }> {
    const name = parseLoginName(userName);
    await this.throttle.check(name.key, meta.ip);
    const user = await this.users.findByLoginName(name);
    if (!user) {
      await this.throttle.failed(name.key, meta.ip);
      throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.throttle.failed(name.key, meta.ip);
      throw new AppError(ErrorCode.E1004_WRONG_PASSWORD);
    }
    if (user.status === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
    if (user.status === 'pending') throw new AppError(ErrorCode.E1014_ACTIVATE_VIA_EMAIL);
    await this.throttle.succeeded(name.key, meta.ip);
    // With a directory: the account exists in its region before it gets a token for it.
    const place = await this.placement?.place(user, region);
    return { ...(await this.sessions.start(user, meta)), ...place };
  }
}
