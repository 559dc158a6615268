import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/create-database.ts';
import { KeyVault } from './key-crypto.ts';
import { SigningKeys } from './signing-keys.ts';
import { SigningKeysRepo } from './signing-keys.repo.ts';

/*
 * `npm run rotate-signing-key`: a directory's next signing key (docs/regions.md, "Key
 * rotation"). Run with the directory's settings; the running directory servers pick it up within
 * 30 s, the regions at their next JWKS read (JWKS_REFRESH) or at the first token it signs.
 */
const config = loadConfig();
if (!config.regionHosts) {
  console.error('rotate-signing-key: this server is no directory (REGION_HOSTS is not set)');
  process.exit(2);
}
const { db } = createDatabase(config);
try {
  const keys = new SigningKeys(new SigningKeysRepo(db), new KeyVault(config.jwtSecret), {
    overlapMs: config.signingKeyOverlapMs,
    tokenLifetimeMs: config.accessTokenTtl * 1000 + 60_000,
  });
  await keys.ensure();
  const kid = await keys.rotate();
  const signsAt = new Date(Date.now() + config.signingKeyOverlapMs).toISOString();
  console.log(`new signing key ${kid}: published now, signs from ${signsAt} (SIGNING_KEY_OVERLAP)`);
} finally {
  await db.destroy();
}
