import type { Duplex } from 'node:stream';
import { decodePixelFormat, encodePixelFormat, type PixelFormat } from './pixel-format.ts';

/*
 * A minimal RFB client for tests: reads exact byte counts from any stream and speaks just enough
 * of RFC 6143 to check a server (handshake, SetPixelFormat, SetEncodings, update requests, Raw
 * rectangles, pointer events). Not used by the simulator itself.
 */

export interface ServerInit {
  width: number;
  height: number;
  format: PixelFormat;
  name: string;
}

export interface RawRect {
  x: number;
  y: number;
  w: number;
  h: number;
  encoding: number;
  data: Buffer;
}

export class TestRfbClient {
  private queue: Buffer = Buffer.alloc(0);
  private waiter: (() => void) | undefined;
  private ended = false;
  /** Writes go through this, so a test can split or join them. */
  send: (bytes: Buffer) => void;

  constructor(readonly stream: Duplex) {
    stream.on('data', (b: Buffer) => {
      this.queue = Buffer.concat([this.queue, b]);
      this.waiter?.();
    });
    const end = () => {
      this.ended = true;
      this.waiter?.();
    };
    stream.on('end', end);
    stream.on('close', end);
    stream.on('error', end);
    this.send = (bytes) => void stream.write(bytes);
  }

  /** Exactly n bytes; rejects when the stream ends first or after timeoutMs. */
  async read(n: number, timeoutMs = 5_000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length < n) {
      if (this.ended) throw new Error(`stream ended with ${this.queue.length} of ${n} bytes`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${n} bytes (have ${this.queue.length})`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    const out = this.queue.subarray(0, n);
    this.queue = this.queue.subarray(n);
    return out;
  }

  /** Bytes received and not read yet. */
  get buffered(): number {
    return this.queue.length;
  }

  /** Resolves true when the server closes the stream within timeoutMs. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return this.ended;
  }

  /** Version, security None, ClientInit; returns ServerInit. */
  async handshake(version = 'RFB 003.008\n'): Promise<ServerInit> {
    const server = (await this.read(12)).toString('latin1');
    if (server !== 'RFB 003.008\n') throw new Error(`server version ${JSON.stringify(server)}`);
    this.send(Buffer.from(version, 'latin1'));
    if (version === 'RFB 003.003\n') {
      const type = (await this.read(4)).readUInt32BE(0);
      if (type !== 1) throw new Error(`security type ${type}`);
    } else {
      const count = (await this.read(1))[0]!;
      const types = [...(await this.read(count))];
      if (!types.includes(1)) throw new Error(`no None security in ${types.join(',')}`);
      this.send(Buffer.from([1]));
      if (version === 'RFB 003.008\n') {
        const result = (await this.read(4)).readUInt32BE(0);
        if (result !== 0) throw new Error(`SecurityResult ${result}`);
      }
    }
    this.send(Buffer.from([1])); // ClientInit: shared
    return this.readServerInit();
  }

  async readServerInit(): Promise<ServerInit> {
    const head = await this.read(24);
    const format = decodePixelFormat(head, 4);
    if (typeof format === 'string') throw new Error(format);
    const name = (await this.read(head.readUInt32BE(20))).toString('utf8');
    return { width: head.readUInt16BE(0), height: head.readUInt16BE(2), format, name };
  }

  static setPixelFormat(f: PixelFormat): Buffer {
    return Buffer.concat([Buffer.alloc(4), encodePixelFormat(f)]);
  }

  static setEncodings(encodings: number[]): Buffer {
    const b = Buffer.alloc(4 + encodings.length * 4);
    b.writeUInt8(2, 0);
    b.writeUInt16BE(encodings.length, 2);
    encodings.forEach((e, i) => b.writeInt32BE(e, 4 + i * 4));
    return b;
  }

  static updateRequest(incremental: boolean, x: number, y: number, w: number, h: number): Buffer {
    const b = Buffer.alloc(10);
    b.writeUInt8(3, 0);
    b.writeUInt8(incremental ? 1 : 0, 1);
    b.writeUInt16BE(x, 2);
    b.writeUInt16BE(y, 4);
    b.writeUInt16BE(w, 6);
    b.writeUInt16BE(h, 8);
    return b;
  }

  static pointer(x: number, y: number, buttons: number): Buffer {
    const b = Buffer.alloc(6);
    b.writeUInt8(5, 0);
    b.writeUInt8(buttons, 1);
    b.writeUInt16BE(x, 2);
    b.writeUInt16BE(y, 4);
    return b;
  }

  static key(down: boolean, keysym: number): Buffer {
    const b = Buffer.alloc(8);
    b.writeUInt8(4, 0);
    b.writeUInt8(down ? 1 : 0, 1);
    b.writeUInt32BE(keysym, 4);
    return b;
  }

  static cutText(text: string): Buffer {
    const t = Buffer.from(text, 'latin1');
    const b = Buffer.alloc(8);
    b.writeUInt8(6, 0);
    b.writeUInt32BE(t.length, 4);
    return Buffer.concat([b, t]);
  }

  /** One FramebufferUpdate with Raw rectangles of `bytesPerPixel`. */
  async readUpdate(bytesPerPixel: number, timeoutMs = 5_000): Promise<RawRect[]> {
    const head = await this.read(4, timeoutMs);
    if (head[0] !== 0) throw new Error(`expected FramebufferUpdate, got message type ${head[0]}`);
    const rects: RawRect[] = [];
    for (let i = head.readUInt16BE(2); i > 0; i--) {
      const r = await this.read(12, timeoutMs);
      const [x, y, w, h] = [0, 2, 4, 6].map((o) => r.readUInt16BE(o)) as [number, number, number, number];
      const encoding = r.readInt32BE(8);
      if (encoding !== 0) throw new Error(`encoding ${encoding} is not Raw`);
      rects.push({ x, y, w, h, encoding, data: await this.read(w * h * bytesPerPixel, timeoutMs) });
    }
    return rects;
  }
}

/** The pixel value at (x, y) of a Raw rectangle (absolute coordinates). */
export function rawPixel(
  r: RawRect,
  x: number,
  y: number,
  bytesPerPixel: number,
  bigEndian: boolean,
): number {
  const o = ((y - r.y) * r.w + (x - r.x)) * bytesPerPixel;
  if (bytesPerPixel === 4) return bigEndian ? r.data.readUInt32BE(o) : r.data.readUInt32LE(o);
  if (bytesPerPixel === 2) return bigEndian ? r.data.readUInt16BE(o) : r.data.readUInt16LE(o);
  return r.data.readUInt8(o);
}
