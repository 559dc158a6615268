import { LiveCloseCode, Perm } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PrincipalLoader } from '../../lib/current-user.ts';
import type { TeamAccessEvent } from '../role/index.ts';
import { clearPending, type LiveClient } from './live-client.ts';
import type { LiveFanout } from './live-fanout.ts';

/**
 * Who may still see what a socket streams: the sockets of users whose access changed
 * (`team.access`), whose session ended (`session.ended`), whose team's devices moved
 * (`device.scope`) and, once a minute, every socket are read again.
 */
export class LiveAccess {
  constructor(
    private readonly reload: PrincipalLoader,
    private readonly fanout: LiveFanout,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * A user's access changed (role, data permissions, team, removal): their sockets stop showing
   * every device at once, before the scope is read again, so not one frame of a device that left
   * the scope goes out; then the subscription is worked again with the new scope (or the socket closes).
   */
  suspend(clients: Iterable<LiveClient>, e: TeamAccessEvent): void {
    const users = new Set(e.userIds);
    for (const c of clients) {
      if (!users.has(c.user.id)) continue;
      c.suspended = true;
      this.fanout.unindex(c);
      clearPending(c);
      void this.recheck(c, true);
    }
  }

  /**
   * Reads the socket's caller again: ended session 4001; now in another team 1001 (reconnect);
   * device view withdrawn 4003; otherwise the subscription is worked again when anything changed
   * (always when `force`).
   */
  async recheck(c: LiveClient, force: boolean): Promise<void> {
    try {
      const user = await this.reload(c.user);
      if (!user) {
        c.ws.close(LiveCloseCode.TokenInvalid, 'E_INVALID_OR_EXPIRED_TOKEN');
        return;
      }
      if (user.teamId !== c.user.teamId) {
        c.ws.close(LiveCloseCode.GoingAway, 'team changed');
        return;
      }
      const changed =
        force ||
        JSON.stringify([...user.permissions]) !== JSON.stringify([...c.user.permissions]) ||
        JSON.stringify(user.scope.devices && [...user.scope.devices]) !==
          JSON.stringify(c.user.scope.devices && [...c.user.scope.devices]);
      c.user = user;
      c.canData = user.permissions.has(Perm.DeviceMonitor);
      c.suspended = false;
      if (!user.permissions.has(Perm.DeviceView)) {
        c.ws.close(LiveCloseCode.PermissionDenied, 'device view permission withdrawn');
      } else if (changed) {
        c.requests.refresh();
      }
    } catch (err) {
      this.log.error({ err }, 'live socket re-check failed');
    }
  }
}
