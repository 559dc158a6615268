import { Gauge } from 'prom-client';
import { KeyVault } from '../modules/directory/key-crypto.ts';
import { DirectoryJwks } from '../modules/directory/directory-jwks.ts';
import { DirectoryJwksRepo } from '../modules/directory/directory-jwks.repo.ts';
import { DirectoryOutboxRepo } from '../modules/directory/directory-outbox.repo.ts';
import { DirectoryTokens } from '../modules/directory/directory-tokens.ts';
import { DirectoryService } from '../modules/directory/directory.service.ts';
import { RegionFanout } from '../modules/directory/region-fanout.ts';
import { RegionLink } from '../modules/directory/region-link.ts';
import { RegionTokens, type TokenAccounts } from '../modules/directory/region-tokens.ts';
import { RegionalAccounts } from '../modules/directory/regional-accounts.ts';
import { RegionsService, type RegionRole } from '../modules/directory/regions.service.ts';
import { SigningKeys } from '../modules/directory/signing-keys.ts';
import { SigningKeysRepo } from '../modules/directory/signing-keys.repo.ts';
import type { MessageService } from '../modules/messages/index.ts';
import { AccessTokens, type AccessTokenCodec } from '../modules/session/access-token.ts';
import type { SessionService } from '../modules/session/index.ts';
import type { UserService } from '../modules/users/index.ts';
import type { Runnable } from '../plugins/runtime.ts';
import type { Infrastructure } from './infrastructure.ts';

const splitList = (list: string) => list.split(',').filter(Boolean);

/**
 * The access tokens of this server by what it is (docs/regions.md): HS256 alone (the embedded
 * default); a directory's Ed25519 tokens; a region's own and its directory's. Built before the
 * sessions, which sign with them; `bind` gives a region the accounts the directory's tokens map to.
 */
export function composeTokens({ db, config, log }: Infrastructure, users: UserService) {
  const local = new AccessTokens(config.jwtSecret, config.accessTokenTtl);
  if (config.regionHosts) {
    const hosts = config.regionHosts;
    const keys = new SigningKeys(new SigningKeysRepo(db), new KeyVault(config.jwtSecret), {
      overlapMs: config.signingKeyOverlapMs,
      tokenLifetimeMs: config.accessTokenTtl * 1000 + 60_000,
    });
    const codec = new DirectoryTokens(keys, config.accessTokenTtl, {
      regionsOf: async (userId) => {
        const user = await users.findById(userId);
        return user ? splitList(user.data_center).filter((r) => hosts.has(r as never)) : [];
      },
    });
    return { kind: 'directory' as const, codec, keys };
  }
  if (config.directoryUrl) {
    const jwks = new DirectoryJwks(new DirectoryJwksRepo(db), config.directoryUrl, config.jwksRefreshMs, log);
    let accounts: RegionalAccounts | null = null;
    const adopter: TokenAccounts = {
      adopt: (...args) => (accounts ? accounts.adopt(...args) : Promise.resolve(null)),
    };
    const codec: AccessTokenCodec = new RegionTokens(local, jwks, config.region, adopter);
    return {
      kind: 'region' as const,
      codec,
      jwks,
      bind: (a: RegionalAccounts) => {
        accounts = a;
      },
    };
  }
  return { kind: 'single' as const, codec: local as AccessTokenCodec };
}

export type ComposedTokens = ReturnType<typeof composeTokens>;

/** The directory routes' service and what runs for it, by what this server is. */
export function composeRegions(
  { db, config, log, metrics }: Infrastructure,
  needs: { tokens: ComposedTokens; users: UserService; sessions: SessionService; messages: MessageService },
): {
  regions: RegionsService;
  directory: DirectoryService | null;
  fanout: RegionFanout | null;
  runtime: Runnable[];
} {
  const { tokens, users, sessions, messages } = needs;
  if (tokens.kind === 'directory') {
    const hosts = config.regionHosts!;
    const link = new RegionLink(hosts, tokens.codec);
    const fanout = new RegionFanout(new DirectoryOutboxRepo(db), link, log);
    const directory = new DirectoryService(
      hosts,
      users,
      link,
      fanout,
      (sid) => sessions.userOf(sid),
      tokens.codec,
    );
    sessions.onEnded((e) => directory.sessionsEnded(e));
    new Gauge({
      name: 'hmi_directory_outbox_backlog',
      help: 'Events the directory has not yet delivered to a region (sessions ended, closures); one count for all directory servers',
      registers: [metrics],
      async collect() {
        this.set(await fanout.backlog());
      },
    });
    const role: RegionRole = { kind: 'directory', region: config.region, keys: tokens.keys, directory };
    const keysReady: Runnable = { start: () => tokens.keys.ensure(), stop: () => undefined };
    return { regions: new RegionsService(role), directory, fanout, runtime: [keysReady, fanout] };
  }
  if (tokens.kind === 'region') {
    const accounts = new RegionalAccounts(db, config.region, users, sessions, messages);
    tokens.bind(accounts);
    const role: RegionRole = { kind: 'region', region: config.region, jwks: tokens.jwks, accounts };
    return { regions: new RegionsService(role), directory: null, fanout: null, runtime: [tokens.jwks] };
  }
  return {
    regions: new RegionsService({ kind: 'single', region: config.region }),
    directory: null,
    fanout: null,
    runtime: [],
  };
}
