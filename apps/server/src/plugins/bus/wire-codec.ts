/**
 * Bytes of the bus's wire (remote-bus.ts): a growing buffer to write records into, and a reader
 * over a received message. Little-endian throughout.
 */
export class WireWriter {
  private buf: Buffer;
  private at = 0;

  constructor(initial = 16 * 1024) {
    this.buf = Buffer.allocUnsafe(initial);
  }

  get length(): number {
    return this.at;
  }

  /** Makes room for n more bytes. */
  room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  u8(v: number): void {
    this.room(1);
    this.buf[this.at++] = v;
  }

  u32(v: number): void {
    this.room(4);
    this.buf.writeUInt32LE(v, this.at);
    this.at += 4;
  }

  f64(v: number): void {
    this.room(8);
    this.buf.writeDoubleLE(v, this.at);
    this.at += 8;
  }

  /** Unsigned 32-bit integers, room made once. */
  u32s(values: readonly number[]): void {
    this.room(values.length * 4);
    const buf = this.buf;
    let at = this.at;
    for (let i = 0; i < values.length; i++, at += 4) buf.writeUInt32LE(values[i]!, at);
    this.at = at;
  }

  /** Doubles, NaN for null, room made once. */
  f64s(values: readonly (number | null)[]): void {
    this.room(values.length * 8);
    const buf = this.buf;
    let at = this.at;
    for (let i = 0; i < values.length; i++, at += 8) {
      const v = values[i]!;
      buf.writeDoubleLE(v === null ? Number.NaN : v, at);
    }
    this.at = at;
  }

  /** Raw bytes. */
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.at);
    this.at += b.length;
  }

  /** Text as its UTF-8 bytes, after their length (u32). */
  text(s: string): void {
    const n = Buffer.byteLength(s);
    this.u32(n);
    this.room(n);
    this.buf.write(s, this.at, 'utf8');
    this.at += n;
  }

  /** Writes a u32 placeholder; returns where, for `patchU32`. */
  reserveU32(): number {
    const at = this.at;
    this.u32(0);
    return at;
  }

  patchU32(at: number, v: number): void {
    this.buf.writeUInt32LE(v, at);
  }

  /** Forgets what was written after `at`. */
  rewind(at: number): void {
    this.at = at;
  }

  /**
   * A copy of the bytes written (the transport may hold it until sent); the writer starts empty
   * and keeps its buffer.
   */
  take(): Buffer {
    const out = Buffer.allocUnsafe(this.at);
    this.buf.copy(out, 0, 0, this.at);
    this.at = 0;
    return out;
  }
}

/** Reads a received message; every read past `end` throws (a malformed message is dropped). */
export class WireReader {
  constructor(
    private readonly buf: Buffer,
    public at: number,
    readonly end: number,
  ) {}

  private need(n: number): void {
    if (this.at + n > this.end) throw new RangeError('bus message cut short');
  }

  u8(): number {
    this.need(1);
    return this.buf[this.at++]!;
  }

  u32(): number {
    this.need(4);
    const v = this.buf.readUInt32LE(this.at);
    this.at += 4;
    return v;
  }

  f64(): number {
    this.need(8);
    const v = this.buf.readDoubleLE(this.at);
    this.at += 8;
    return v;
  }

  u32s(n: number): number[] {
    this.need(n * 4);
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++, this.at += 4) out[i] = this.buf.readUInt32LE(this.at);
    return out;
  }

  /** Doubles, null for NaN. */
  f64s(n: number): (number | null)[] {
    this.need(n * 8);
    const out = new Array<number | null>(n);
    for (let i = 0; i < n; i++, this.at += 8) {
      const v = this.buf.readDoubleLE(this.at);
      out[i] = v === v ? v : null;
    }
    return out;
  }

  /** UTF-8 text of `n` bytes. */
  utf8(n: number): string {
    this.need(n);
    const s = this.buf.toString('utf8', this.at, this.at + n);
    this.at += n;
    return s;
  }

  /** Text written by `WireWriter.text`. */
  text(): string {
    return this.utf8(this.u32());
  }
}
