import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { SparkplugIdentities, type ClaimRefusal } from './sparkplug-identities.ts';
import { SparkplugRepo } from './sparkplug.repo.ts';

/**
 * The operator's registration of an edge node (`npm run devices:register -- --sparkplug`): the
 * registered SN becomes the node `groupId/edgeNodeId`, unless another SN is that node already.
 */
export async function registerSparkplugNode(
  db: Kysely<Database>,
  sn: string,
  groupId: string,
  edgeNodeId: string,
): Promise<'ok' | ClaimRefusal> {
  const claim = await new SparkplugIdentities(new SparkplugRepo(db)).claimNode(sn, groupId, edgeNodeId);
  return typeof claim === 'string' ? claim : 'ok';
}
