import { z } from 'zod';

/**
 * Contract of a project's uploaded drawings and pictures (issue 26: the designer's image and svg
 * widgets, a screen's background). An asset belongs to one project: an SVG drawing (stored as
 * the server sanitised it: no script, no event handler, no reference outside the drawing), or a
 * PNG or JPEG picture (told by its first bytes, whatever its name says). Each is at most
 * AssetLimits.maxBytes; a project holds at most AssetLimits.perProjectMax of them and
 * AssetLimits.perProjectBytes in all. A refused upload is 1006 with a `validation.projectAsset.*`
 * key under the field `file` (the reply's `data.fields`, as every 1006 of a body).
 *
 * The file itself (`file`) is served with its own content type, `Content-Disposition: inline`,
 * `X-Content-Type-Options: nosniff` and a CSP of its own (`default-src 'none'; style-src
 * 'unsafe-inline'; img-src data:`), so even opened on its own it runs nothing and loads nothing.
 * It is a GET with the Authorization header like every call: the console fetches it with its
 * token and shows it through an object URL (`URL.createObjectURL(blob)`), or, for an SVG whose
 * marks follow tags, parses its text (DOMParser, image/svg+xml) and adopts the nodes. The
 * reply carries an `ETag` (the content's SHA-256): a request with `If-None-Match` gets 304.
 *
 * A screen refers to an asset by id (image and svg widgets' `assetId`, the background's
 * `imageAssetId`). An asset that a screen uses cannot be deleted: 1006
 * `validation.projectAsset.inUse` with `data.screens` naming them (take it off those screens).
 */
export const AssetPaths = {
  upload: '/project/asset/upload', // POST multipart: project_id, file -> projectAsset   (edit 42)
  list: '/project/asset/list', // GET assetListQuery -> assetListReply                  (view 39)
  delete: '/project/asset/delete', // POST assetIdBody -> null                          (edit 42)
  file: '/project/asset/file', // GET assetIdQuery -> the bytes                         (view 39)
} as const;

export const AssetLimits = {
  /** Largest file accepted (2 MiB), SVG before sanitising. */
  maxBytes: 2 * 1024 * 1024,
  perProjectMax: 100,
  /** What a project's assets may take in all (32 MiB). */
  perProjectBytes: 32 * 1024 * 1024,
  nameMax: 128,
} as const;

export const assetKinds = ['svg', 'png', 'jpeg'] as const;
export const assetKind = z.enum(assetKinds);
export type AssetKind = z.infer<typeof assetKind>;

/** The content type each kind is served with. */
export const assetContentType: Record<AssetKind, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** The upload form's fields besides the file (multipart, read part by part; the file field is `file`). */
export const assetUploadFields = z.object({ project_id: z.coerce.number().int().positive() });

export const projectAsset = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: assetKind,
  /** The uploaded file's name (its last path part, at most AssetLimits.nameMax characters). */
  name: z.string(),
  /** Bytes stored (an SVG after sanitising). */
  size: z.number().int(),
  /** SHA-256 of the stored bytes, hex (the file's ETag). */
  sha256: z.string(),
  /** An SVG's element ids in document order (what marks may name); [] for pictures. */
  ids: z.array(z.string()),
  created_at: z.number().int(),
});
export type ProjectAsset = z.infer<typeof projectAsset>;

/** The upload's reply: the asset, and how many elements and attributes sanitising removed (0 for pictures). */
export const assetUploadReply = projectAsset.extend({ removed: z.number().int() });
export type AssetUploadReply = z.infer<typeof assetUploadReply>;

export const assetListQuery = z.object({ project_id: z.coerce.number().int().positive() });
export type AssetListQuery = z.input<typeof assetListQuery>;
export const assetListReply = z.object({ list: z.array(projectAsset) });
export type AssetListReply = z.infer<typeof assetListReply>;

export const assetIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const assetIdBody = z.object({ id: z.number().int().positive() });
export type AssetIdBody = z.infer<typeof assetIdBody>;

/** `data` of a refused delete (1006 `validation.projectAsset.inUse`): the screens using the asset. */
export const assetInUse = z.object({
  screens: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AssetInUse = z.infer<typeof assetInUse>;
