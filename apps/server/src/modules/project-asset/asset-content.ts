import { AssetLimits, ErrorCode, invalid, type AssetKind, type ValidationKey } from '@hmi/domain';
import type { AppError } from '../../lib/app-error.ts';
import { SvgRejected } from '../../lib/svg-sanitize.ts';
import type { SvgSanitizer } from '../../lib/svg-sanitizer.ts';
import { validationError } from '../../lib/validate.ts';
import { TooLargeError } from '../../plugins/body-limit.ts';

/**
 * What an upload is and what is stored of it. The content decides, not the name: a PNG starts
 * with its 8-byte signature and an IHDR chunk, a JPEG with FF D8 FF; a file named .png or .jpg
 * that is neither is refused rather than stored as something else. Anything that is no picture
 * must be an SVG drawing, stored as the sanitiser leaves it (lib/svg-sanitize.ts: no script, no
 * handler, no reference outside the drawing).
 */
export interface AssetContent {
  kind: AssetKind;
  bytes: Buffer;
  /** An SVG's element ids (what the designer's marks may name). */
  ids: string[];
  /** What sanitising removed (0 for pictures). */
  removed: number;
}

/** The size cap as the message shows it ("2 MB"). */
export const ASSET_SIZE_TEXT = `${AssetLimits.maxBytes / 1024 / 1024} MB`;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** 1006 with the key under the form's `file` field. */
export const fileRefused = (key: ValidationKey, params: Record<string, string | number> = {}): AppError =>
  validationError('file', invalid(key, params));

/** 1006 `validation.projectAsset.tooLarge`, answered 413 (Payload Too Large). */
export const fileTooLarge = (): AppError =>
  new TooLargeError(
    ErrorCode.E1006_BAD_PARAMETER,
    {
      where: 'body',
      fields: [
        { path: 'file', message: 'validation.projectAsset.tooLarge', params: { size: ASSET_SIZE_TEXT } },
      ],
    },
    'The file is too large',
  );

/** The picture kind the first bytes show, if any. */
export function sniffPicture(bytes: Buffer): 'png' | 'jpeg' | null {
  if (
    bytes.length >= 16 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR'
  )
    return 'png';
  if (bytes.length >= 4 && bytes.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/** The kind the file's name claims, if it claims one. */
export function declaredKind(fileName: string): AssetKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'svg') return 'svg';
  if (ext === 'png') return 'png';
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'jpe' || ext === 'jfif') return 'jpeg';
  return null;
}

/** The upload's name as shown: its last path part, one line, at most AssetLimits.nameMax characters. */
export function assetName(fileName: string, kind: AssetKind): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return [...clean].slice(0, AssetLimits.nameMax).join('') || `${kind}-upload`;
}

/**
 * Reads an upload: a PNG or JPEG picture as it is, else an SVG cleaned by `sanitizer` (on its
 * worker thread); refused with 1006 otherwise.
 */
export async function readAssetContent(
  file: { fileName: string; bytes: Buffer },
  sanitizer: Pick<SvgSanitizer, 'sanitize'>,
): Promise<AssetContent> {
  if (file.bytes.length === 0) throw fileRefused('validation.projectAsset.noFile');
  if (file.bytes.length > AssetLimits.maxBytes) throw fileTooLarge();
  const picture = sniffPicture(file.bytes);
  if (picture) return { kind: picture, bytes: file.bytes, ids: [], removed: 0 };
  const declared = declaredKind(file.fileName);
  if (declared === 'png' || declared === 'jpeg')
    throw fileRefused('validation.projectAsset.badPicture', { kind: declared === 'png' ? 'PNG' : 'JPEG' });
  try {
    const clean = await sanitizer.sanitize(file.bytes, { maxBytes: AssetLimits.maxBytes });
    return { kind: 'svg', bytes: Buffer.from(clean.svg, 'utf8'), ids: clean.ids, removed: clean.removed };
  } catch (err) {
    if (!(err instanceof SvgRejected)) throw err;
    if (err.reason === 'too_large') throw fileTooLarge();
    if (err.reason === 'empty') throw fileRefused('validation.projectAsset.emptySvg');
    throw fileRefused('validation.projectAsset.notImage');
  }
}
