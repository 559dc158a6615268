import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { PartitionLeaseRepo } from './partition-lease.repo.ts';
import { assertSharedSecrets, secretsFingerprint } from './shared-secrets.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const key = () => randomBytes(32);

it('refuses a server whose JWT_SECRET or CARD_PEPPER differs from a running server, naming it', async () => {
  const repo = new PartitionLeaseRepo(server.app.db);
  const [jwt, pepper] = [key(), key()];
  const mine = secretsFingerprint(jwt, pepper);
  expect(secretsFingerprint(Buffer.from(jwt), Buffer.from(pepper))).toBe(mine);
  const now = Date.now();
  const since = now - 10_000;
  const beat = (id: string, instance: string, secrets: string | undefined, at = now) =>
    repo.heartbeat(id, at, { instance, url: null, secrets });

  await beat('a', 'hmi-a', mine);
  await beat('old', 'hmi-old', undefined); // an earlier version: not checked
  await beat('gone', 'hmi-gone', secretsFingerprint(key(), pepper), now - 60_000); // not running
  await expect(assertSharedSecrets(repo, 'me', mine, since)).resolves.toBeUndefined();

  await beat('b', 'hmi-b', secretsFingerprint(key(), pepper));
  await beat('c', 'hmi-c', secretsFingerprint(jwt, key()));
  await expect(assertSharedSecrets(repo, 'me', mine, since)).rejects.toThrow(
    /JWT_SECRET or CARD_PEPPER differs from the running server\(s\) hmi-b, hmi-c/,
  );
  // Its own row never counts against it.
  await expect(assertSharedSecrets(repo, 'b', secretsFingerprint(key(), key()), since)).rejects.toThrow(
    /hmi-a/,
  );
  await server.app.db.deleteFrom('cluster_servers').execute();
});
