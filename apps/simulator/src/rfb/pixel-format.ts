import type { Framebuffer, Rect } from './framebuffer.ts';

/** An RFB PIXEL_FORMAT (RFC 6143 section 7.4). Only true colour is served. */
export interface PixelFormat {
  bitsPerPixel: 8 | 16 | 32;
  depth: number;
  bigEndian: boolean;
  trueColour: boolean;
  redMax: number;
  greenMax: number;
  blueMax: number;
  redShift: number;
  greenShift: number;
  blueShift: number;
}

/** The server's own format (ServerInit): 32 bpp, depth 24, little-endian, 0x00RRGGBB. */
export const SERVER_PIXEL_FORMAT: PixelFormat = {
  bitsPerPixel: 32,
  depth: 24,
  bigEndian: false,
  trueColour: true,
  redMax: 255,
  greenMax: 255,
  blueMax: 255,
  redShift: 16,
  greenShift: 8,
  blueShift: 0,
};

/** The 16 bytes of a PIXEL_FORMAT. */
export function encodePixelFormat(f: PixelFormat): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt8(f.bitsPerPixel, 0);
  b.writeUInt8(f.depth, 1);
  b.writeUInt8(f.bigEndian ? 1 : 0, 2);
  b.writeUInt8(f.trueColour ? 1 : 0, 3);
  b.writeUInt16BE(f.redMax, 4);
  b.writeUInt16BE(f.greenMax, 6);
  b.writeUInt16BE(f.blueMax, 8);
  b.writeUInt8(f.redShift, 10);
  b.writeUInt8(f.greenShift, 11);
  b.writeUInt8(f.blueShift, 12);
  return b;
}

/** Reads a PIXEL_FORMAT; a reason string when the server cannot serve it. */
export function decodePixelFormat(b: Buffer, offset = 0): PixelFormat | string {
  const bpp = b.readUInt8(offset);
  if (bpp !== 8 && bpp !== 16 && bpp !== 32) return `unsupported bits-per-pixel ${bpp}`;
  const f: PixelFormat = {
    bitsPerPixel: bpp,
    depth: b.readUInt8(offset + 1),
    bigEndian: b.readUInt8(offset + 2) !== 0,
    trueColour: b.readUInt8(offset + 3) !== 0,
    redMax: b.readUInt16BE(offset + 4),
    greenMax: b.readUInt16BE(offset + 6),
    blueMax: b.readUInt16BE(offset + 8),
    redShift: b.readUInt8(offset + 10),
    greenShift: b.readUInt8(offset + 11),
    blueShift: b.readUInt8(offset + 12),
  };
  if (!f.trueColour) return 'colour maps are not supported';
  if (Math.max(f.redShift, f.greenShift, f.blueShift) >= bpp) return 'colour shift beyond the pixel';
  return f;
}

/** One 0xRRGGBB colour as a pixel value of the format. */
export function pixelValue(f: PixelFormat, rgb: number): number {
  const scale = (c: number, max: number) => Math.round((c * max) / 255);
  return (
    ((scale((rgb >>> 16) & 0xff, f.redMax) << f.redShift) |
      (scale((rgb >>> 8) & 0xff, f.greenMax) << f.greenShift) |
      (scale(rgb & 0xff, f.blueMax) << f.blueShift)) >>>
    0
  );
}

/** The Raw-encoded pixels of a rectangle of the framebuffer in the client's format. */
export function encodeRaw(fb: Framebuffer, r: Rect, f: PixelFormat): Buffer {
  const bytes = f.bitsPerPixel / 8;
  const out = Buffer.alloc(r.w * r.h * bytes);
  const cache = new Map<number, number>();
  let o = 0;
  for (let y = r.y; y < r.y + r.h; y++) {
    for (let x = r.x; x < r.x + r.w; x++) {
      const rgb = fb.pixels[y * fb.width + x]!;
      let v = cache.get(rgb);
      if (v === undefined) {
        v = pixelValue(f, rgb);
        cache.set(rgb, v);
      }
      if (bytes === 4) {
        if (f.bigEndian) out.writeUInt32BE(v, o);
        else out.writeUInt32LE(v, o);
      } else if (bytes === 2) {
        if (f.bigEndian) out.writeUInt16BE(v & 0xffff, o);
        else out.writeUInt16LE(v & 0xffff, o);
      } else out.writeUInt8(v & 0xff, o);
      o += bytes;
    }
  }
  return out;
}
