import { API_BASE, DirectoryPaths, ErrorCode, type RegionAccount, type RegionEvent } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { DirectoryTokens } from './directory-tokens.ts';

const CALL_TIMEOUT_MS = 5_000;

/**
 * The directory's calls to its regions (their internal routes), each authenticated by a
 * directory-signed token for that region only. A region's refusal comes back as its error code;
 * a region that cannot be reached as 1007 naming it.
 */
export class RegionLink {
  constructor(
    private readonly hosts: ReadonlyMap<string, string>,
    private readonly tokens: DirectoryTokens,
  ) {}

  provision(region: string, account: RegionAccount): Promise<unknown> {
    return this.call(region, 'POST', DirectoryPaths.accounts, account);
  }

  deliver(region: string, event: RegionEvent): Promise<unknown> {
    return this.call(region, 'POST', DirectoryPaths.events, event);
  }

  private async call(region: string, method: string, path: string, body: unknown): Promise<unknown> {
    const host = this.hosts.get(region);
    if (host === undefined) throw new AppError(ErrorCode.E1104_NO_ACCOUNT_DATA_IN_DC);
    let res: Response;
    try {
      res = await fetch(`${host}${API_BASE}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${await this.tokens.serviceToken(region)}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (err) {
      throw new AppError(ErrorCode.E1007_SERVER, null, `data center ${region} unreachable: ${String(err)}`);
    }
    const reply = (await res.json().catch(() => null)) as { code?: unknown; data?: unknown } | null;
    if (typeof reply?.code === 'number' && reply.code !== 0) throw new AppError(reply.code as never);
    if (!res.ok || reply?.code !== 0) {
      throw new AppError(ErrorCode.E1007_SERVER, null, `data center ${region} answered HTTP ${res.status}`);
    }
    return reply.data;
  }
}
