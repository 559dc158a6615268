import { z } from 'zod';
import { regionSchema } from '../constants/regions.constants.ts';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Regions (issue 28, docs/regions.md): the directory's public keys and region switch, and the
 * calls a directory makes to its regions (internal: authenticated by a directory-signed token).
 */
export const DirectoryPaths = {
  /** GET: the directory's public keys (JWKS, RFC 7517), unwrapped. */
  jwks: '/global/jwks',
  /** GET ?region=: the regional host of one of the caller's regions (switching without signing in). */
  region: '/global/region',
  /** POST (internal): creates or updates an account in a region. */
  accounts: '/internal/directory/accounts',
  /** POST (internal): sessions ended or the account closed, for a region to apply. */
  events: '/internal/directory/events',
} as const;

export const regionSwitchQuery = z.object({ region: regionSchema });

export const regionHost = z.object({
  /** The regional server address ('' = the host called). */
  host: z.string(),
  region: regionSchema,
  /** A directory: an access token of the same session valid in that region (replaces TOKEN). */
  token: z.string().optional(),
});
export type RegionHost = z.infer<typeof regionHost>;

const nullableText = singleLineText.max(254).nullable();

/** What a region holds of a directory account: who it is, never its credentials. */
export const regionAccount = z.object({
  global_id: z.number().int().positive(),
  email: nullableText,
  phone: nullableText,
  area_code: nullableText,
  name: singleLineText.max(64),
  contact: singleLineText.max(254),
  lang: singleLineText.max(16),
  team_name: singleLineText.max(64),
  data_center: singleLineText.max(64),
});
export type RegionAccount = z.infer<typeof regionAccount>;

/** `at`: when it happened at the directory (ms). */
export const regionEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('sessions-ended'),
    global_id: z.number().int().positive(),
    /** One session; absent: every session issued before `at`. */
    session_id: z.string().min(1).max(64).optional(),
    at: z.number().int(),
  }),
  z.object({ type: z.literal('closed'), global_id: z.number().int().positive(), at: z.number().int() }),
]);
export type RegionEvent = z.infer<typeof regionEvent>;
