import { z } from 'zod';
import { singleLineText } from '../validation/free-text.validation.ts';
import { projectDevice, projectScreenSummary } from './project.api.ts';

/**
 * Contract of a project's share links (issue 26: a wall screen showing /scada without signing
 * in). A link carries a viewer token scoped to one project: read-only (its screens, their
 * pictures and the live values of the tags they bind; no write of any kind), with an expiry
 * (1 hour to 1 year), revocable by anyone who may edit the project (42). The token is answered
 * once, when the link is made; the server keeps only its SHA-256, so a lost token cannot be
 * shown again (make a new link and revoke the old one).
 *
 * The console puts the token in the URL fragment, `#/scada?share=<token>` (a fragment is never
 * sent to a server nor in a Referer), and sends it with each share call in the header
 * `X-Share-Token` (ShareTokenHeader), and to the device data socket as `share=<token>` in its
 * query (`/v1/ws/device?share=<token>`: a browser cannot set a socket's headers).
 *
 * The share calls (`/share/...`) need no sign-in. A token missing, unknown, expired or revoked
 * is 1001 (authentication error), with `data.reason` 'invalid', 'expired' or 'revoked' when the
 * token was one of ours: not 1008/1009, which tell the console to refresh a session the viewer
 * does not have. A client address that presented ShareLimits.badTokens.max bad tokens within
 * the window is refused with 1036 (`retry_after_ms`) before its token is looked at. A screen or
 * asset of another project is 1003, as one that does not exist.
 *
 * The socket of a viewer streams only the (device, tag) pairs the project's screens bind, takes
 * no write, and closes (4001) at once when the link is revoked, expires or its project is
 * deleted, on every server.
 */
export const SharePaths = {
  add: '/project/share/add', // POST shareAddBody -> shareCreated (the token, once)      (edit 42)
  list: '/project/share/list', // GET shareListQuery -> shareListReply (no tokens)        (edit 42)
  revoke: '/project/share/revoke', // POST shareIdBody -> null                            (edit 42)
  // Public (X-Share-Token):
  project: '/share/project', // GET -> sharedProject
  screen: '/share/screen', // GET shareScreenQuery -> projectScreen (a screen of the link's project)
  assetFile: '/share/asset/file', // GET shareAssetQuery -> the bytes (an asset of the link's project)
} as const;

/** The header of a share call carrying the viewer token (lower case, as Node reads headers). */
export const ShareTokenHeader = 'x-share-token';

export const ShareLimits = {
  expiresInHoursMin: 1,
  /** One year. */
  expiresInHoursMax: 8760,
  /** Links of a project not revoked and not expired. */
  activePerProject: 20,
  /** Bad tokens one client address may present in the window before it is refused (1036). */
  badTokens: { max: 20, windowMs: 10 * 60_000 },
  nameMax: 64,
  /** A token's length (32 random bytes, base64url). */
  tokenLength: 43,
} as const;

export const shareName = singleLineText.min(1).max(ShareLimits.nameMax);
/** A viewer token as presented (checked by its hash; anything else is simply not found). */
export const shareToken = singleLineText.min(1).max(128);

export const shareAddBody = z.object({
  project_id: z.number().int().positive(),
  name: shareName,
  expires_in_hours: z.number().int().min(ShareLimits.expiresInHoursMin).max(ShareLimits.expiresInHoursMax),
});
export type ShareAddBody = z.infer<typeof shareAddBody>;

export const shareStates = ['active', 'expired', 'revoked'] as const;
export type ShareState = (typeof shareStates)[number];

export const shareItem = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  /** Who made the link (null once that account is gone). */
  created_by: z.number().int().nullable(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
  revoked_at: z.number().int().nullable(),
  /** The last call or socket of a viewer (to the minute). */
  last_used_at: z.number().int().nullable(),
  state: z.enum(shareStates),
});
export type ShareItem = z.infer<typeof shareItem>;

/** The new link and its token: shown this once, never stored. */
export const shareCreated = shareItem.extend({ token: z.string() });
export type ShareCreated = z.infer<typeof shareCreated>;

export const shareListQuery = z.object({ project_id: z.coerce.number().int().positive() });
export type ShareListQuery = z.input<typeof shareListQuery>;
/** The project's links, newest first (revoked and expired ones included, for the record). */
export const shareListReply = z.object({ list: z.array(shareItem) });
export type ShareListReply = z.infer<typeof shareListReply>;

export const shareIdBody = z.object({ id: z.number().int().positive() });
export type ShareIdBody = z.infer<typeof shareIdBody>;

/** What a viewer sees of the project: its name, the link's expiry, its screens and devices. */
export const sharedProject = z.object({
  project_id: z.number().int(),
  name: z.string(),
  expires_at: z.number().int(),
  screens: z.array(projectScreenSummary),
  devices: z.array(projectDevice),
});
export type SharedProject = z.infer<typeof sharedProject>;

export const shareScreenQuery = z.object({ id: z.coerce.number().int().positive() });
export const shareAssetQuery = z.object({ id: z.coerce.number().int().positive() });

/** `data` of a 1001 on a share call: why the token does not open the project. */
export const shareRefusal = z.object({ reason: z.enum(['invalid', 'expired', 'revoked']) });
export type ShareRefusal = z.infer<typeof shareRefusal>;
