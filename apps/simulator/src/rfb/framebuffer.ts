import { FONT_HEIGHT, FONT_WIDTH, glyph } from './font5x7.ts';

/** A rectangle in framebuffer pixels. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * An RGB framebuffer: one 0xRRGGBB number per pixel, row by row. Drawing is clipped to the
 * buffer, so text that is too long is simply cut at the edge.
 */
export class Framebuffer {
  readonly pixels: Uint32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint32Array(width * height);
  }

  fillRect(x: number, y: number, w: number, h: number, rgb: number): void {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + w));
    const y1 = Math.min(this.height, Math.floor(y + h));
    for (let row = y0; row < y1; row++) this.pixels.fill(rgb, row * this.width + x0, row * this.width + x1);
  }

  /** Draws text with the 5x7 font, each font pixel `scale` x `scale`; returns the width drawn. */
  drawText(x: number, y: number, text: string, rgb: number, scale = 1): number {
    let cx = x;
    for (const char of text) {
      const columns = glyph(char);
      for (let col = 0; col < FONT_WIDTH; col++) {
        const bits = columns[col]!;
        for (let row = 0; row < FONT_HEIGHT; row++) {
          if (bits & (1 << row)) this.fillRect(cx + col * scale, y + row * scale, scale, scale, rgb);
        }
      }
      cx += (FONT_WIDTH + 1) * scale;
    }
    return cx - x;
  }

  /** Pixel width of a text drawn with drawText at that scale. */
  static textWidth(text: string, scale = 1): number {
    return [...text].length * (FONT_WIDTH + 1) * scale;
  }

  /** The pixel at (x, y) as 0xRRGGBB. */
  at(x: number, y: number): number {
    return this.pixels[y * this.width + x]!;
  }
}

/**
 * The rectangles where `next` differs from `previous` (same size), in bands of `band` rows:
 * per band the smallest column span holding every change. Few rectangles, cheap to compute.
 */
export function changedRects(previous: Uint32Array, next: Uint32Array, width: number, band = 16): Rect[] {
  const height = next.length / width;
  const rects: Rect[] = [];
  for (let top = 0; top < height; top += band) {
    const bottom = Math.min(height, top + band);
    let minX = width;
    let maxX = -1;
    let minY = bottom;
    let maxY = -1;
    for (let y = top; y < bottom; y++) {
      const base = y * width;
      for (let x = 0; x < width; x++) {
        if (previous[base + x] !== next[base + x]) {
          if (x < minX) minX = x;
          if (x > maxX) maxX = x;
          if (y < minY) minY = y;
          maxY = y;
        }
      }
    }
    if (maxX >= 0) rects.push({ x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 });
  }
  return rects;
}

/** The intersection of two rectangles, or undefined when they do not overlap. */
export function intersect(a: Rect, b: Rect): Rect | undefined {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const w = Math.min(a.x + a.w, b.x + b.w) - x;
  const h = Math.min(a.y + a.h, b.y + b.h) - y;
  return w > 0 && h > 0 ? { x, y, w, h } : undefined;
}
