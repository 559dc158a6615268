import { assetContentType } from '@hmi/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectAssetRow } from '../../db/tables/projects.ts';

/**
 * The policy a stored picture is served with: it may draw itself and its own inline styles and
 * data: images (what drawing tools embed), nothing else: no script, no request anywhere, even
 * when the file is opened on its own in a tab.
 */
export const ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const extension = { svg: 'svg', png: 'png', jpeg: 'jpg' } as const;

/**
 * Sends a stored asset: its content type, inline, never sniffed into something else, under
 * ASSET_CSP; the content's SHA-256 is its ETag (a matching If-None-Match gets 304). `no-cache`:
 * a browser keeps it but asks again each time, so access taken away (a revoked link, a role
 * change) holds at the next use.
 */
export function sendAssetFile(request: FastifyRequest, reply: FastifyReply, asset: ProjectAssetRow) {
  const etag = `"${asset.sha256}"`;
  reply
    .header('content-security-policy', ASSET_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="asset-${asset.id}.${extension[asset.kind]}"`)
    .header('cache-control', 'private, no-cache')
    .header('etag', etag);
  const wanted = request.headers['if-none-match'];
  if (wanted && wanted.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
    return reply.code(304).send();
  const bytes = asset.bytes;
  const body = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return reply.type(assetContentType[asset.kind]).send(body);
}
