import type { FastifyRequest } from 'fastify';

/**
 * A multipart form with one uploaded file (the alarm rule and recipe imports), read part by part:
 * the text fields by name and the file's bytes, size-capped by @fastify/multipart's limits, which
 * the route's scope registers. What went wrong is an UploadRefused: 'tooLarge' (the file is over
 * the cap) or 'noFile' (no form, a form cut short, more parts or fields than the limits); each
 * import words it in its own keys.
 */
export type UploadFault = 'tooLarge' | 'noFile';

export class UploadRefused extends Error {
  override name = 'UploadRefused';
  constructor(readonly fault: UploadFault) {
    super(`upload refused: ${fault}`);
  }
}

export interface UploadForm {
  /** The form's text fields (the last of a name wins). */
  fields: ReadonlyMap<string, string>;
  file?: { fileName: string; bytes: Buffer };
}

/** Multipart failures of @fastify/multipart (by code) and busboy's as UploadRefused. */
function uploadFault(err: unknown): unknown {
  switch ((err as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new UploadRefused('tooLarge');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new UploadRefused('noFile');
    default:
      // busboy's own: a form cut short (the client stopped sending, no closing boundary).
      if (err instanceof Error && /terminated early|unexpected end/i.test(err.message)) {
        return new UploadRefused('noFile');
      }
      return err;
  }
}

/** The fields and the one file named `fileField` of the request's form, in any order. */
export async function readUploadForm(request: FastifyRequest, fileField = 'file'): Promise<UploadForm> {
  const fields = new Map<string, string>();
  let file: UploadForm['file'];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField) file = { fileName: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (err) {
    throw uploadFault(err);
  }
  return { fields, ...(file ? { file } : {}) };
}
