import { describe, expect, it } from 'vitest';
import { RfbFramingError, RfbViewFilter } from './rfb-view-filter.ts';

/* The view-only guard parses RFB client streams split anywhere and keeps only what watches. */
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const i32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const version = Buffer.from('RFB 003.008\n', 'latin1');
const setPixelFormat = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.alloc(16, 7)]);
const setEncodings = Buffer.concat([Buffer.from([2, 0]), u16(3), i32(0), i32(-223), i32(-239)]);
const updateRequest = Buffer.from([3, 1, 0, 0, 0, 0, 3, 32, 2, 88]);
const keyEvent = Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61]);
const pointerEvent = Buffer.from([5, 1, 0, 10, 0, 20]);
const cutText = Buffer.concat([Buffer.from([6, 0, 0, 0]), i32(5), Buffer.from('hello')]);
const extCutText = Buffer.concat([Buffer.from([6, 0, 0, 0]), i32(-6), Buffer.from('abcdef')]);
const fence = Buffer.concat([Buffer.from([248, 0, 0, 0]), i32(1), Buffer.from([3, 9, 9, 9])]);
const qemuKey = Buffer.from([255, 0, 0, 1, 0, 0, 0, 0x61, 0, 0, 0, 30]);

const handshake = Buffer.concat([version, Buffer.from([1]), Buffer.from([0])]);
const watching = Buffer.concat([setPixelFormat, setEncodings, updateRequest, fence]);
const operating = Buffer.concat([keyEvent, pointerEvent, cutText, extCutText, qemuKey]);
const stream = Buffer.concat([
  handshake,
  setPixelFormat,
  keyEvent,
  setEncodings,
  pointerEvent,
  updateRequest,
  cutText,
  extCutText,
  fence,
  qemuKey,
]);
const expected = Buffer.concat([version, Buffer.from([1]), Buffer.from([1]), watching]);

/** What the HMI's server sends first: its version and, for 3.3, the security type (None). */
const server38 = Buffer.from('RFB 003.008\n', 'latin1');
const server33 = Buffer.concat([Buffer.from('RFB 003.003\n', 'latin1'), i32(1)]);

/** A filter that saw the server's greeting (a client answers it, never speaks first). */
function greeted(server: Buffer = server38): RfbViewFilter {
  const filter = new RfbViewFilter();
  filter.fromServer(server);
  return filter;
}

function run(chunks: Buffer[], server: Buffer = server38): { out: Buffer; filter: RfbViewFilter } {
  const filter = greeted(server);
  return { out: Buffer.concat(chunks.flatMap((c) => filter.push(c))), filter };
}

describe('RfbViewFilter', () => {
  it('passes the handshake (ClientInit forced shared) and the watching messages, drops input', () => {
    const { out, filter } = run([stream]);
    expect(out.equals(expected)).toBe(true);
    expect(filter.dropped).toBe(operating.length);
  });

  it('gives the same bytes whatever the chunking: one byte at a time and every split in two', () => {
    const bytes = [...stream].map((b) => Buffer.from([b]));
    expect(run(bytes).out.equals(expected)).toBe(true);
    for (let cut = 1; cut < stream.length; cut++) {
      const { out } = run([stream.subarray(0, cut), stream.subarray(cut)]);
      expect(out.equals(expected), `split at ${cut}`).toBe(true);
    }
    // Random chunk sizes.
    let seed = 7;
    for (let round = 0; round < 50; round++) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < stream.length;) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const n = 1 + (seed % 9);
        chunks.push(stream.subarray(at, at + n));
        at += n;
      }
      expect(run(chunks).out.equals(expected)).toBe(true);
    }
  });

  it('passes the 16-byte VNC authentication response (security type 2)', () => {
    const auth = Buffer.alloc(16, 0xab);
    const s = Buffer.concat([version, Buffer.from([2]), auth, Buffer.from([0]), updateRequest, keyEvent]);
    const { out } = run([s.subarray(0, 15), s.subarray(15)]);
    expect(
      out.equals(Buffer.concat([version, Buffer.from([2]), auth, Buffer.from([1]), updateRequest])),
    ).toBe(true);
  });

  it('knows version 3.3 (no security choice from the client)', () => {
    const v33 = Buffer.from('RFB 003.003\n', 'latin1');
    const { out } = run([Buffer.concat([v33, Buffer.from([0]), pointerEvent, updateRequest])], server33);
    expect(out.equals(Buffer.concat([v33, Buffer.from([1]), updateRequest]))).toBe(true);
  });

  it('drops a long clipboard text as it streams, never holding it', () => {
    const text = Buffer.alloc(100_000, 0x41);
    const filter = greeted();
    filter.push(handshake);
    const head = Buffer.concat([Buffer.from([6, 0, 0, 0]), i32(text.length)]);
    expect(filter.push(head)).toEqual([]);
    for (let at = 0; at < text.length; at += 4096)
      expect(filter.push(text.subarray(at, at + 4096))).toEqual([]);
    expect(Buffer.concat(filter.push(updateRequest)).equals(updateRequest)).toBe(true);
  });

  it('fails on a message type it cannot frame', () => {
    const filter = greeted();
    filter.push(handshake);
    expect(() => filter.push(Buffer.from([77, 0, 0]))).toThrow(RfbFramingError);
  });
});
