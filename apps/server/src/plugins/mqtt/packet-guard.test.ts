import { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { PacketGuard, type PacketLimits } from './packet-guard.ts';
import { rawConnect, remainingLength, sleep, waitUntil } from './mqtt-test-helpers.ts';

/** The device's end of a connection: what the test feeds is what the guard reads. */
class FakeConnection extends Duplex {
  readonly written: Buffer[] = [];
  paused = 0;
  override _read(): void {}
  override _write(chunk: Buffer, _e: BufferEncoding, cb: () => void): void {
    this.written.push(chunk);
    cb();
  }
  override pause(): this {
    this.paused++;
    return super.pause();
  }
  feed(...bytes: (Buffer | number[])[]): void {
    for (const b of bytes) this.push(Buffer.isBuffer(b) ? b : Buffer.from(b));
  }
}

const limits: PacketLimits = { maxPacketBytes: 1000, maxConnectBytes: 100, connectTimeoutMs: 60_000 };
const guards: PacketGuard[] = [];

function setup(overrides: Partial<PacketLimits> = {}) {
  const conn = new FakeConnection();
  const refusals: string[] = [];
  const guard = new PacketGuard(conn, { ...limits, ...overrides }, (_g, reason) => refusals.push(reason));
  guards.push(guard);
  const out: Buffer[] = [];
  guard.on('data', (b: Buffer) => out.push(b));
  guard.on('error', () => undefined);
  const read = () => Buffer.concat(out);
  return { conn, guard, refusals, read };
}

/** A PUBLISH of `total` bytes, fixed header included (the guard never looks into the body). */
function publish(total: number): Buffer {
  let len = total - 2;
  while (1 + remainingLength(len).length + len > total) len--;
  return Buffer.concat([Buffer.from([0x30]), remainingLength(len), Buffer.alloc(len, 0x61)]);
}

const connect = rawConnect('DEV-0001', 'secret-1', 30);

afterEach(() => guards.splice(0).forEach((g) => g.destroy()));

describe('PacketGuard', () => {
  it('passes the CONNECT and holds what follows until the device is authenticated', async () => {
    const { conn, guard, read } = setup();
    const next = publish(500);
    conn.feed(Buffer.concat([connect, next.subarray(0, 10)]), next.subarray(10));
    await sleep(10);
    expect(read()).toEqual(connect);
    guard.authenticated();
    await waitUntil(() => read().length === connect.length + next.length);
    expect(read()).toEqual(Buffer.concat([connect, next]));
  });

  it('follows headers split anywhere, one byte at a time', async () => {
    const { conn, guard, read, refusals } = setup();
    const stream = Buffer.concat([connect, publish(1000), publish(2), publish(130), publish(1000)]);
    conn.feed(connect);
    await sleep(5);
    guard.authenticated();
    for (const byte of stream.subarray(connect.length)) conn.feed([byte]);
    await waitUntil(() => read().length === stream.length);
    expect(read()).toEqual(stream);
    expect(refusals).toEqual([]);
  });

  it.each([
    ['a CONNECT announcing 256 MiB, at its first length byte', [0x10, 0xff], 'CONNECT larger than 100 bytes'],
    ['a CONNECT one byte over the limit', [0x10, 99], 'CONNECT larger than 100 bytes'],
    ['a first packet that is not a CONNECT', [0x30], 'the first packet is not a CONNECT'],
  ])('refuses %s before any body byte', async (_name, header, reason) => {
    const { conn, guard, refusals, read } = setup();
    conn.feed(header);
    await waitUntil(() => guard.destroyed);
    expect(refusals).toEqual([reason]);
    expect(read().length).toBe(0);
    expect(conn.destroyed).toBe(true);
  });

  it('accepts a packet of exactly the limit and refuses one byte more at its header', async () => {
    const { conn, guard, refusals, read } = setup();
    conn.feed(connect);
    await sleep(5);
    guard.authenticated();
    conn.feed(publish(1000));
    await waitUntil(() => read().length === connect.length + 1000);
    const over = publish(1001);
    conn.feed(over.subarray(0, 3));
    await waitUntil(() => guard.destroyed);
    expect(refusals).toEqual(['packet larger than 1000 bytes']);
  });

  it('refuses a remaining length longer than four bytes', async () => {
    const { conn, guard, refusals } = setup({ maxPacketBytes: 268_435_460 });
    conn.feed(connect);
    await sleep(5);
    guard.authenticated();
    conn.feed([0x30, 0x80, 0x80, 0x80, 0x80]);
    await waitUntil(() => guard.destroyed);
    expect(refusals).toEqual(['malformed remaining length']);
  });

  it('closes a connection not authenticated in time, CONNECT or not', async () => {
    const silent = setup({ connectTimeoutMs: 50 });
    const connected = setup({ connectTimeoutMs: 50 });
    connected.conn.feed(connect);
    await waitUntil(() => silent.guard.destroyed && connected.guard.destroyed, 1_000);
    expect(silent.refusals).toEqual(['not authenticated within 50 ms']);
    expect(connected.refusals).toEqual(['not authenticated within 50 ms']);
    const authed = setup({ connectTimeoutMs: 50 });
    authed.conn.feed(connect);
    await sleep(5);
    authed.guard.authenticated();
    await sleep(100);
    expect(authed.guard.destroyed).toBe(false);
  });

  it('pauses its connection while the reader (aedes) does not read, and resumes when it does', async () => {
    const conn = new FakeConnection();
    const guard = new PacketGuard(conn, limits, () => undefined);
    guards.push(guard);
    conn.feed(connect);
    await sleep(5);
    guard.authenticated();
    for (let i = 0; i < 40; i++) conn.feed(publish(1000));
    await sleep(10);
    expect(conn.isPaused()).toBe(true);
    expect(guard.readableLength).toBeLessThan(limits.maxPacketBytes * 40);
    let read = 0;
    guard.on('data', (b: Buffer) => (read += b.length));
    await waitUntil(() => read === connect.length + 40 * 1000);
    expect(conn.isPaused()).toBe(false);
  });

  it('writes straight through, and ends and closes with its connection', async () => {
    const { conn, guard } = setup();
    guard.write(Buffer.from([0x20, 2, 0, 0]));
    guard.cork();
    guard.write(Buffer.from([0x40, 2]));
    guard.write(Buffer.from([0, 1]));
    guard.uncork();
    await sleep(5);
    expect(Buffer.concat(conn.written)).toEqual(Buffer.from([0x20, 2, 0, 0, 0x40, 2, 0, 1]));
    conn.destroy();
    await waitUntil(() => guard.destroyed);
  });
});
