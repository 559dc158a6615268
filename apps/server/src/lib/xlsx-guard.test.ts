import { crc32, deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectZip, sniffSpreadsheet, storedZip, ZipRejected, type ZipLimits } from './xlsx-guard.ts';

const limits: ZipLimits = {
  maxEntries: 50,
  maxTotalBytes: 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 64 * 1024,
};

/** A zip of deflated entries; the directory may lie about sizes, flags or the method. */
function deflatedZip(
  entries: { name: string; data: Buffer; declaredSize?: number; flags?: number; method?: number }[],
): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data);
    const fields = (b: Buffer, at: number) => {
      b.writeUInt16LE(e.flags ?? 0, at);
      b.writeUInt16LE(e.method ?? 8, at + 2);
      b.writeUInt32LE(crc32(e.data), at + 8);
      b.writeUInt32LE(packed.length, at + 12);
      b.writeUInt32LE(e.declaredSize ?? e.data.length, at + 16);
      b.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 6);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    fields(central, 8);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const reason = (zip: Buffer): string => {
  try {
    inspectZip(zip, limits);
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(ZipRejected);
    return (err as ZipRejected).reason;
  }
};

describe('sniffSpreadsheet', () => {
  it('tells a zip, an OLE2 compound file and anything else apart by the first bytes only', () => {
    expect(sniffSpreadsheet(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('zip');
    expect(sniffSpreadsheet(Buffer.from('d0cf11e0a1b11ae1000000', 'hex'))).toBe('ole2');
    expect(sniffSpreadsheet(Buffer.from('89504e470d0a1a0a', 'hex'))).toBe('other');
    expect(sniffSpreadsheet(Buffer.from('PK\x05\x06', 'latin1'))).toBe('other');
    expect(sniffSpreadsheet(Buffer.alloc(0))).toBe('other');
  });
});

describe('inspectZip', () => {
  it('reads back exactly the files of a stored or deflated zip (property)', () => {
    const files = fc.uniqueArray(
      fc.tuple(fc.stringMatching(/^[a-z]{1,8}(\/[a-z]{1,8}){0,2}\.xml$/), fc.uint8Array({ maxLength: 2000 })),
      { selector: ([name]) => name, maxLength: 12 },
    );
    fc.assert(
      fc.property(files, fc.boolean(), (list, deflate) => {
        const entries = list.map(([name, data]) => ({ name, data: Buffer.from(data) }));
        const zip = deflate ? deflatedZip(entries) : storedZip(entries.map((e) => [e.name, e.data] as const));
        const read = inspectZip(zip, limits);
        expect([...read.keys()]).toEqual(entries.map((e) => e.name));
        for (const e of entries) expect(read.get(e.name)?.equals(e.data)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses bombs: too many entries, too much declared, too compressed, or more than declared', () => {
    const many = storedZip(Array.from({ length: 51 }, (_, i) => [`f${i}`, Buffer.from('x')] as const));
    expect(reason(many)).toBe('unsafe');
    const zeros = Buffer.alloc(512 * 1024);
    expect(reason(deflatedZip([{ name: 'z', data: zeros }]))).toBe('unsafe');
    expect(
      reason(
        deflatedZip([
          { name: 'a', data: Buffer.alloc(600 * 1024, 1) },
          { name: 'b', data: Buffer.alloc(600 * 1024, 2) },
        ]),
      ),
    ).toBe('unsafe');
    // The directory says 100 bytes; the data inflates to 512 KiB.
    expect(reason(deflatedZip([{ name: 'lie', data: zeros, declaredSize: 100 }]))).toBe('unsafe');
    // ...or says more than there is.
    expect(reason(deflatedZip([{ name: 'short', data: Buffer.from('abc'), declaredSize: 10 }]))).toBe(
      'corrupt',
    );
    expect(reason(deflatedZip([{ name: 'ok', data: Buffer.alloc(1000) }]))).toBe('ok');
  });

  it('refuses damage and what it does not read: truncation, bad checksums, encryption, other methods, zip64', () => {
    const zip = deflatedZip([
      { name: 'a.xml', data: Buffer.from('<a>hello</a>'.repeat(50)) },
      { name: 'b.xml', data: Buffer.from('<b/>') },
    ]);
    expect(reason(zip)).toBe('ok');
    for (let cut = 0; cut < zip.length; cut += 7) expect(reason(zip.subarray(0, cut))).not.toBe('ok');
    const flipped = Buffer.from(zip);
    flipped[40] = (flipped[40] ?? 0) ^ 0xff;
    expect(reason(flipped)).toBe('corrupt');
    expect(reason(deflatedZip([{ name: 'e', data: Buffer.from('x'), flags: 1 }]))).toBe('unsupported');
    expect(reason(deflatedZip([{ name: 'm', data: Buffer.from('x'), method: 12 }]))).toBe('unsupported');
    const zip64 = Buffer.from(zip);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 6);
    expect(reason(zip64)).toBe('unsupported');
    const twice = storedZip([
      ['same', Buffer.from('1')],
      ['same', Buffer.from('2')],
    ]);
    expect(reason(twice)).toBe('corrupt');
  });

  it('never throws anything but ZipRejected on random or mutated input (property)', () => {
    const base = deflatedZip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>'.repeat(30)) }]);
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .uint8Array({ maxLength: 300 })
            .map((b) => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from(b)])),
          fc
            .array(fc.tuple(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 })), {
              minLength: 1,
              maxLength: 8,
            })
            .map((edits) => {
              const b = Buffer.from(base);
              for (const [at, v] of edits) b[at] = v;
              return b;
            }),
        ),
        (bytes) => {
          expect(['ok', 'corrupt', 'unsupported', 'unsafe']).toContain(reason(bytes));
        },
      ),
      { numRuns: 500 },
    );
  });
});
