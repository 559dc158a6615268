import { describe, expect, it } from 'vitest';
import { RfbFramingError, RfbViewFilter } from './rfb-view-filter.ts';

/*
 * Version negotiation of the view-only guard (RFC 6143 7.1.1, issue 23 item 1): every version
 * string a server may receive, after every greeting a server may send, split at every byte
 * boundary. Only an exact 3.3, 3.7 or 3.8 answer not above the server's version is framed;
 * anything else closes before a byte reaches the HMI. The attack of the issue ("RFB 003.005\n",
 * 02, then two PointerEvents pressing at (400, 230)) never passes a PointerEvent.
 */
const latin = (s: string) => Buffer.from(s, 'latin1');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const press = Buffer.from([0x05, 0x01, 0x01, 0x90, 0x00, 0xe6]);
const release = Buffer.from([0x05, 0x00, 0x01, 0x90, 0x00, 0xe6]);
const encodings = Buffer.from([0x02, 0x00, 0x00, 0x00]);
/** After the version: 02 | press | release | SetEncodings(0) | 00. */
const attack = Buffer.concat([Buffer.from([0x02]), press, release, encodings, Buffer.from([0x00])]);

const clientVersions = [
  'RFB 003.003\n',
  'RFB 003.005\n',
  'RFB 003.007\n',
  'RFB 003.008\n',
  'RFB 003.889\n',
  'RFB 003.004\n',
  'RFB 003.006\n',
  'RFB 003.009\n',
  'RFB 003.010\n',
  'RFB 004.000\n',
  'RFB 004.001\n',
  'RFB 002.008\n',
  'RFB 000.000\n',
  'RFB 103.008\n',
  'rfb 003.008\n',
  'RFB 003.008\r',
  'RFB 003.008 ',
  'RFB 003.00a\n',
  'RFB 3.8\n\n\n\n\n',
  'GET / HTTP/1',
  '\u0000'.repeat(12),
];
/** Greetings a server may send, and the client answers the filter frames after each. */
const servers: { greeting: string; accepts: string[] }[] = [
  { greeting: 'RFB 003.008\n', accepts: ['RFB 003.003\n', 'RFB 003.007\n', 'RFB 003.008\n'] },
  { greeting: 'RFB 003.889\n', accepts: ['RFB 003.003\n', 'RFB 003.007\n', 'RFB 003.008\n'] },
  { greeting: 'RFB 003.007\n', accepts: ['RFB 003.003\n', 'RFB 003.007\n'] },
  { greeting: 'RFB 003.005\n', accepts: ['RFB 003.003\n'] },
  { greeting: 'RFB 003.003\n', accepts: ['RFB 003.003\n'] },
  { greeting: 'RFB 004.000\n', accepts: [] },
  { greeting: 'HTTP/1.1 400', accepts: [] },
];

/** What the server reads of an accepted stream (ClientInit forced shared, input dropped). */
function expected(version: string): Buffer {
  const v = latin(version);
  // 3.3: 02 is ClientInit (forced to 1), the PointerEvents are dropped, SetEncodings passes and
  // the last 00 (a SetPixelFormat's first byte) is held.
  if (version === 'RFB 003.003\n') return Buffer.concat([v, Buffer.from([1]), encodings]);
  // 3.7 / 3.8: 02 chooses VNC authentication, the next 16 bytes are its response (a server that
  // agreed on 3.7/3.8 reads them so too and refuses them), 00 is ClientInit (forced to 1).
  return Buffer.concat([v, attack.subarray(0, 17), Buffer.from([1])]);
}

/**
 * Feeds the server's greeting, then the chunks; the server's 3.3 security type (None) arrives
 * once the client's whole version was pushed, as a server answers it. Returns what passed before
 * the filter failed (if it did).
 */
function feed(greeting: string, chunks: Buffer[]): { out: Buffer; failed: boolean } {
  const filter = new RfbViewFilter();
  filter.fromServer(latin(greeting));
  const out: Buffer[] = [];
  let pushed = 0;
  try {
    for (const c of chunks) {
      out.push(...filter.push(c));
      const before = pushed;
      pushed += c.length;
      if (before < 12 && pushed >= 12) filter.fromServer(u32(1));
    }
  } catch (err) {
    expect(err).toBeInstanceOf(RfbFramingError);
    return { out: Buffer.concat(out), failed: true };
  }
  return { out: Buffer.concat(out), failed: false };
}

/** Every way to cut the stream in two, and one byte at a time. */
function splits(stream: Buffer): { name: string; chunks: Buffer[] }[] {
  const all: { name: string; chunks: Buffer[] }[] = [
    { name: 'bytes', chunks: [...stream].map((b) => Buffer.from([b])) },
  ];
  for (let cut = 0; cut <= stream.length; cut++)
    all.push({ name: `cut ${cut}`, chunks: [stream.subarray(0, cut), stream.subarray(cut)] });
  return all;
}

/** PointerEvents (05 + mask + x 400 + y 230) anywhere in the bytes that reach the HMI. */
const hasPress = (b: Buffer) => b.includes(press) || b.includes(release);

describe('RfbViewFilter: version negotiation', () => {
  for (const { greeting, accepts } of servers) {
    for (const version of clientVersions) {
      const accepted = accepts.includes(version);
      it(`server ${JSON.stringify(greeting)}, client ${JSON.stringify(version)}: ${accepted ? 'framed' : 'closed'}`, () => {
        const stream = Buffer.concat([latin(version), attack]);
        const whole = accepted ? expected(version) : Buffer.alloc(0);
        for (const { name, chunks } of splits(stream)) {
          const { out, failed } = feed(greeting, chunks);
          // Never more than the framed stream; a refused version passes nothing, not even itself.
          expect(whole.subarray(0, out.length).equals(out), name).toBe(true);
          if (!accepted) expect(failed, name).toBe(true);
          if (version !== 'RFB 003.003\n') expect(hasPress(out.subarray(12 + 1 + 16)), name).toBe(false);
          else expect(hasPress(out), name).toBe(false);
        }
        // Answered in the order of a real client (version, then the rest), all of it is framed.
        if (accepted) {
          const { out, failed } = feed(greeting, [latin(version), attack]);
          expect(failed).toBe(false);
          expect(out.equals(whole)).toBe(true);
        }
      });
    }
  }

  it('the attack of the issue: "RFB 003.005\\n" 02 then PointerEvents closes with nothing passed', () => {
    const { out, failed } = feed('RFB 003.008\n', [latin('RFB 003.005\n'), attack]);
    expect(failed).toBe(true);
    expect(out.length).toBe(0);
  });

  it('refuses a client that answers before the server greeted, and a 3.3 client ahead of the security type', () => {
    expect(() => new RfbViewFilter().push(latin('RFB 003.008\n'))).toThrow(RfbFramingError);
    const f = new RfbViewFilter();
    f.fromServer(latin('RFB 003.008\n'));
    expect(() => f.push(Buffer.concat([latin('RFB 003.003\n'), Buffer.from([1])]))).toThrow(RfbFramingError);
  });

  it('3.3 with VNC authentication named by the server: the 16-byte response, then ClientInit', () => {
    const f = new RfbViewFilter();
    f.fromServer(latin('RFB 003.003\n'));
    const v = latin('RFB 003.003\n');
    expect(Buffer.concat(f.push(v)).equals(v)).toBe(true);
    f.fromServer(u32(2));
    const response = Buffer.alloc(16, 5);
    const out = Buffer.concat(f.push(Buffer.concat([response, Buffer.from([0]), press, encodings])));
    expect(out.equals(Buffer.concat([response, Buffer.from([1]), encodings]))).toBe(true);
    const failedType = new RfbViewFilter();
    failedType.fromServer(Buffer.concat([v, u32(0)]));
    failedType.push(v);
    expect(() => failedType.push(Buffer.from([1]))).toThrow(RfbFramingError);
  });

  it('3.7/3.8: only security types 1 and 2 are framed (others have handshakes of their own)', () => {
    for (const type of [0, 5, 16, 18, 19, 30]) {
      const f = new RfbViewFilter();
      f.fromServer(latin('RFB 003.008\n'));
      expect(() => f.push(Buffer.concat([latin('RFB 003.008\n'), Buffer.from([type, 0])]))).toThrow(
        RfbFramingError,
      );
    }
  });
});
