import type { Duplex } from 'node:stream';
import { changedRects, intersect, type Framebuffer, type Rect } from './framebuffer.ts';
import {
  decodePixelFormat,
  encodePixelFormat,
  encodeRaw,
  SERVER_PIXEL_FORMAT,
  type PixelFormat,
} from './pixel-format.ts';

/** What an RFB session shows and where its pointer events go. */
export interface RfbScreen {
  /** The framebuffer, drawn up to date. */
  refresh(): Framebuffer;
  /** Called whenever the picture may have changed; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
  /** A PointerEvent: position and button mask (bit 0 = left button). */
  pointer(x: number, y: number, buttons: number): void;
}

export interface RfbSessionOptions {
  /** The desktop name sent in ServerInit (the device name). */
  name: string;
  screen: RfbScreen;
  log?: (line: string) => void;
}

/** What a session has done so far (tests and logs). */
export interface RfbSessionStats {
  clientVersion: string | undefined;
  pixelFormat: PixelFormat;
  encodings: number[];
  requests: number;
  updates: number;
  rects: number;
}

export interface RfbSession {
  readonly stats: RfbSessionStats;
  /** Resolves when the connection is closed. */
  readonly closed: Promise<void>;
  close(): void;
}

/** Largest ClientCutText accepted; a longer one closes the connection. */
const MAX_CUT_TEXT = 1024 * 1024;
/** Bytes of each client message type before its variable part (RFC 6143 section 7.5). */
const FIXED_LENGTH: Record<number, number> = { 0: 20, 2: 4, 3: 10, 4: 8, 5: 6, 6: 8 };

/**
 * Serves one RFB 3.8 client (3.3 and 3.7 too) over any byte stream: security type None, Raw
 * encoding, true colour in whatever format the client asks for. The input is parsed from a
 * queue, so messages may arrive split or coalesced in any way. At most one update request is
 * pending; an incremental one is answered as soon as something in its region changed.
 */
export function serveRfb(stream: Duplex, options: RfbSessionOptions): RfbSession {
  const { screen } = options;
  const log = options.log ?? (() => undefined);
  const stats: RfbSessionStats = {
    clientVersion: undefined,
    pixelFormat: SERVER_PIXEL_FORMAT,
    encodings: [],
    requests: 0,
    updates: 0,
    rects: 0,
  };
  let queue: Buffer = Buffer.alloc(0);
  type Phase = 'version' | 'security' | 'init' | 'normal' | 'closed';
  let phase = 'version' as Phase;
  let minor = 8;
  let pending: (Rect & { incremental: boolean }) | undefined;
  /** What the client has, per pixel; a value no 0xRRGGBB pixel has until first sent. */
  let sent: Uint32Array | undefined;
  let unsubscribe = () => undefined as void;

  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  const finish = (reason?: string) => {
    if (phase === 'closed') return;
    if (reason) log(`rfb: closing: ${reason}`);
    phase = 'closed';
    unsubscribe();
    stream.end();
    setTimeout(() => stream.destroy(), 1000).unref();
  };
  stream.on('error', (err) => finish(err.message));
  stream.on('close', () => finish());
  stream.on('end', () => finish());

  const serverInit = () => {
    const fb = screen.refresh();
    const name = Buffer.from(options.name, 'utf8');
    const head = Buffer.alloc(4);
    head.writeUInt16BE(fb.width, 0);
    head.writeUInt16BE(fb.height, 2);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(name.length);
    stream.write(Buffer.concat([head, encodePixelFormat(SERVER_PIXEL_FORMAT), len, name]));
    sent = new Uint32Array(fb.width * fb.height).fill(0xffffffff);
    unsubscribe = screen.onChange(service);
  };

  /** Sends the pending update if it is due and the stream is not backed up. */
  function service() {
    if (phase !== 'normal' || !pending || !sent || stream.writableNeedDrain) return;
    const fb = screen.refresh();
    const region = intersect(pending, { x: 0, y: 0, w: fb.width, h: fb.height });
    let rects: Rect[];
    if (!pending.incremental) rects = region ? [region] : [];
    else {
      if (!region) return;
      rects = changedRects(sent, fb.pixels, fb.width)
        .map((r) => intersect(r, region))
        .filter((r): r is Rect => r !== undefined);
      if (rects.length === 0) return; // nothing new: keep the request until the screen changes
    }
    pending = undefined;
    const head = Buffer.alloc(4);
    head.writeUInt8(0, 0);
    head.writeUInt16BE(rects.length, 2);
    const parts: Buffer[] = [head];
    for (const r of rects) {
      const rh = Buffer.alloc(12);
      rh.writeUInt16BE(r.x, 0);
      rh.writeUInt16BE(r.y, 2);
      rh.writeUInt16BE(r.w, 4);
      rh.writeUInt16BE(r.h, 6);
      rh.writeInt32BE(0, 8); // Raw
      parts.push(rh, encodeRaw(fb, r, stats.pixelFormat));
      for (let y = r.y; y < r.y + r.h; y++) {
        const at = y * fb.width;
        sent.set(fb.pixels.subarray(at + r.x, at + r.x + r.w), at + r.x);
      }
    }
    stats.updates++;
    stats.rects += rects.length;
    if (!stream.write(Buffer.concat(parts))) stream.once('drain', service);
  }

  /** Handles one complete unit at the head of the queue; the bytes used, or 0 when more are needed. */
  function step(): number {
    switch (phase) {
      case 'version': {
        if (queue.length < 12) return 0;
        const text = queue.subarray(0, 12).toString('latin1');
        const m = /^RFB (\d{3})\.(\d{3})\n$/.exec(text);
        if (!m || Number(m[1]) !== 3) {
          finish(`bad ProtocolVersion ${JSON.stringify(text)}`);
          return 12;
        }
        stats.clientVersion = text.trim();
        const asked = Number(m[2]);
        minor = asked >= 8 ? 8 : asked === 7 ? 7 : 3;
        if (minor === 3) {
          stream.write(Buffer.from([0, 0, 0, 1])); // RFB 3.3: the server names the type (None)
          phase = 'init';
        } else {
          stream.write(Buffer.from([1, 1])); // one security type: None
          phase = 'security';
        }
        return 12;
      }
      case 'security': {
        if (queue[0] !== 1) {
          if (minor === 8) {
            const reason = Buffer.from('security type not supported');
            const b = Buffer.alloc(8);
            b.writeUInt32BE(1, 0);
            b.writeUInt32BE(reason.length, 4);
            stream.write(Buffer.concat([b, reason]));
          }
          finish(`client chose security type ${queue[0]}`);
          return 1;
        }
        if (minor === 8) stream.write(Buffer.from([0, 0, 0, 0])); // SecurityResult OK
        phase = 'init';
        return 1;
      }
      case 'init':
        // ClientInit: the shared flag. Every session is shared (viewers see the same screen).
        serverInit();
        phase = 'normal';
        return 1;
      case 'normal':
        return message();
      default:
        return queue.length;
    }
  }

  function message(): number {
    const type = queue[0]!;
    const fixed = FIXED_LENGTH[type];
    if (fixed === undefined) {
      finish(`unknown client message type ${type}`);
      return queue.length;
    }
    if (queue.length < fixed) return 0;
    switch (type) {
      case 0: {
        const format = decodePixelFormat(queue, 4);
        if (typeof format === 'string') {
          finish(`SetPixelFormat refused: ${format}`);
          return queue.length;
        }
        stats.pixelFormat = format;
        return fixed;
      }
      case 2: {
        const count = queue.readUInt16BE(2);
        const total = fixed + count * 4;
        if (queue.length < total) return 0;
        stats.encodings = Array.from({ length: count }, (_, i) => queue.readInt32BE(4 + i * 4));
        return total; // Raw is always allowed; nothing else is used
      }
      case 3:
        stats.requests++;
        pending = {
          incremental: queue[1] !== 0,
          x: queue.readUInt16BE(2),
          y: queue.readUInt16BE(4),
          w: queue.readUInt16BE(6),
          h: queue.readUInt16BE(8),
        };
        queueMicrotask(service);
        return fixed;
      case 4:
        return fixed; // KeyEvent: the simulated screen has no text input
      case 5:
        screen.pointer(queue.readUInt16BE(2), queue.readUInt16BE(4), queue[1]!);
        return fixed;
      default: {
        const length = queue.readUInt32BE(4);
        if (length > MAX_CUT_TEXT) {
          finish(`ClientCutText of ${length} bytes`);
          return queue.length;
        }
        return queue.length < fixed + length ? 0 : fixed + length; // ClientCutText: ignored
      }
    }
  }

  stream.on('data', (chunk: Buffer) => {
    if (phase === 'closed') return;
    queue = queue.length === 0 ? chunk : Buffer.concat([queue, chunk]);
    while (queue.length > 0 && (phase as Phase) !== 'closed') {
      const used = step();
      if (used === 0) break;
      queue = queue.subarray(used);
    }
  });

  stream.write('RFB 003.008\n');
  return { stats, closed, close: () => finish('closed by the device') };
}
