import { z } from 'zod';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * API keys (issue 29, docs/api.md "Integrations: API keys"): a user's keys for scripts and
 * integrations, sent as `Authorization: Bearer hmk_...` like an access token. A key's rights are
 * never wider than its user's: a subset of the user's permissions (checked again against the
 * user's current ones on every call), optionally read-only, optionally narrowed to some devices.
 */
export const ApiKeyPaths = {
  list: '/apikey/list', // GET -> apiKeyListReply
  add: '/apikey/add', // POST apiKeyAddBody -> apiKeyCreated (the key, shown once)
  revoke: '/apikey/revoke', // POST apiKeyRevokeBody -> null
} as const;

/** The prefix of every key: tells a key from an access token. */
export const API_KEY_PREFIX = 'hmk_';
/** Keys one user may hold at once (not revoked). */
export const API_KEY_MAX_PER_USER = 20;
/** The longest lifetime a key may be given, days. */
export const API_KEY_MAX_DAYS = 365;

export const apiKeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key, to recognise it. */
  prefix: z.string(),
  permissions: z.array(z.number().int()),
  read_only: z.boolean(),
  /** Devices the key is narrowed to; null: the user's whole data scope. */
  device_ids: z.array(z.number().int()).nullable(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
  last_used_at: z.number().int().nullable(),
  /** Writes made with the key (each recorded with its name). */
  writes: z.number().int(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

export const apiKeyListReply = z.object({ list: z.array(apiKeyItem), max: z.number().int() });
export type ApiKeyListReply = z.infer<typeof apiKeyListReply>;

export const apiKeyAddBody = z.object({
  name: singleLineText.min(1).max(64),
  expires_in_days: z.number().int().min(1).max(API_KEY_MAX_DAYS),
  permissions: z.array(z.number().int()).max(200),
  read_only: z.boolean().default(false),
  device_ids: z.array(z.number().int().positive()).max(1000).nullable().default(null),
});
export type ApiKeyAddBody = z.input<typeof apiKeyAddBody>;

export const apiKeyCreated = apiKeyItem.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyRevokeBody = z.object({ id: z.number().int().positive() });
