import { ApiKeyRepo } from '../modules/api-key/api-key.repo.ts';
import { ApiKeyService, type DevicesInScope } from '../modules/api-key/api-key.service.ts';
import { KeyBuckets } from '../modules/api-key/key-bucket.ts';
import type { PrincipalService } from '../modules/session/index.ts';
import type { UserService } from '../modules/users/index.ts';
import type { Infrastructure } from './infrastructure.ts';

/** API keys (issue 29): the service, and the principals accept keys from then on. */
export function composeApiKeys(
  { db, config, bus }: Infrastructure,
  needs: { principals: PrincipalService; users: UserService; devicesInScope: DevicesInScope },
) {
  const { principals, users } = needs;
  const apiKeys = new ApiKeyService(
    new ApiKeyRepo(db),
    {
      member: (userId) => principals.member(userId),
      status: async (userId) => (await users.findById(userId))?.status,
    },
    needs.devicesInScope,
    new KeyBuckets(config.apiKeyRate.perSecond, config.apiKeyRate.burst),
    bus,
  );
  principals.acceptKeys(apiKeys);
  return { services: { apiKeys } };
}
