import { LiveCloseCode, Perm, StringErrorCode } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { LiveClient } from './live-client.ts';

/** A share link's viewer (the project share module's ShareViewer). */
export interface LiveShareViewer {
  shareId: number;
  projectId: number;
  teamId: number;
  expiresAt: number;
}

/** What the hub asks of share links (the project share module's ShareViewerService). */
export interface ShareViewerReads {
  /** Whether the link still opens its project: not revoked, not expired, the project there. */
  stillOpen(shareId: number): Promise<boolean>;
  /** The (device, tag) pairs the project's screens bind, by device. */
  boundPairs(projectId: number): Promise<Map<number, Set<number>>>;
}

/** What a viewer's socket holds of its link. */
export interface ShareGrant extends LiveShareViewer {
  /** Closes the socket when the link expires. */
  timer: NodeJS.Timeout | null;
}

/** setTimeout's longest delay (about 24.8 days): a later expiry waits in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The principal of a viewer's socket: no user (id 0, a session id no event names), the team of
 * the link's project, seeing values (device view and monitor) and nothing else: no permission to
 * write, no project or device of the data scope until its view is worked (LiveViews narrows the
 * devices to those the project's screens bind).
 */
export function viewerPrincipal(viewer: LiveShareViewer): CurrentUser {
  return {
    id: 0,
    teamId: viewer.teamId,
    isMain: false,
    sessionId: `share:${viewer.shareId}`,
    permissions: new Set([Perm.DeviceView, Perm.DeviceMonitor]),
    scope: {
      teamId: viewer.teamId,
      devices: new Set(),
      groups: new Set(),
      templates: new Set(),
      projects: new Set([viewer.projectId]),
      zones: new Set(),
    },
  };
}

/**
 * The share viewers' sockets: closed (4001, the token's answer) when their link is revoked or
 * its project deleted (bus events, every server), when it expires (a timer per socket) and, for
 * what the bus may have missed, at the hub's minute re-check, which also works the view again
 * (the screens' bindings may have changed).
 */
export class LiveShares {
  constructor(
    private readonly shares: ShareViewerReads,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Arms the socket's expiry. */
  arm(c: LiveClient): void {
    const grant = c.share;
    if (!grant) return;
    const wait = grant.expiresAt - Date.now();
    if (wait <= 0) return end(c);
    grant.timer = setTimeout(() => this.arm(c), Math.min(wait, MAX_TIMER_MS));
    grant.timer.unref();
  }

  /** The socket closed: its timer goes. */
  release(c: LiveClient): void {
    if (c.share?.timer) clearTimeout(c.share.timer);
  }

  /** Links ended: their sockets (of `projectId`, all of them when `shareIds` is null) close at once. */
  ended(clients: Iterable<LiveClient>, projectId: number, shareIds: readonly number[] | null): void {
    for (const c of [...clients]) {
      const grant = c.share;
      if (grant?.projectId === projectId && (shareIds === null || shareIds.includes(grant.shareId))) end(c);
    }
  }

  /** The share viewers of a project read their link again and their views are worked again. */
  recheckProject(clients: Iterable<LiveClient>, projectId: number): void {
    for (const c of [...clients]) if (c.share?.projectId === projectId) void this.recheck(c);
  }

  /** The share viewers of a team (of every team: null) read their links again (recheck). */
  recheckTeam(clients: Iterable<LiveClient>, teamId: number | null): void {
    for (const c of [...clients])
      if (c.share && (teamId === null || c.share.teamId === teamId)) void this.recheck(c);
  }

  /** Reads the link again: closed when it no longer opens the project, else its view worked again. */
  async recheck(c: LiveClient): Promise<void> {
    const grant = c.share;
    if (!grant) return;
    try {
      if (await this.shares.stillOpen(grant.shareId)) c.requests.refresh();
      else end(c);
    } catch (err) {
      this.log.error({ err }, 'share socket re-check failed');
    }
  }

  /** The pairs a viewer's socket may stream (null: a signed-in user's socket, its data scope decides). */
  async allowed(c: LiveClient): Promise<Map<number, Set<number>> | null> {
    return c.share ? this.shares.boundPairs(c.share.projectId) : null;
  }
}

/** The link no longer opens the project: the token's answer, as for an ended session. */
function end(c: LiveClient): void {
  c.ws.close(LiveCloseCode.TokenInvalid, StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN);
}
