import { createDeflateRaw, crc32 } from 'node:zlib';
import { AlarmLimits, validationKeys } from '@hmi/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import type { TemplateTagRow } from '../../db/tables/catalogue.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { buildAlarmTemplate, sheetBytes, uploadSheet } from './alarm-rule-test-helpers.ts';
import { AlarmInputError } from './alarm-rule.errors.ts';
import { checkSheetRow } from './alarm-rule.import.ts';
import { readAlarmSheet } from './alarm-sheet.reader.ts';
import { inspectZip, storedZip } from '../../lib/xlsx-guard.ts';

/*
 * The importer against malformed workbooks: at least 1,000 generated files (random bytes,
 * truncated and mutated workbooks, valid zips of garbage XML, odd sheet shapes, huge cells,
 * range bombs), zip bombs and renamed binaries. Each must end in a clear error (an
 * AlarmInputError with a translated key) or in rows, never anything else, in under 2 s.
 */

const LIMIT_MS = 2_000;
const keys = new Set<string>(validationKeys);
let slowest = { ms: 0, result: '' };
let files = 0;

/** Reads a file like the import route; checks the outcome's shape and time. */
async function outcome(bytes: Buffer, name = 'fuzz.xlsx'): Promise<string> {
  const started = performance.now();
  let result: string;
  try {
    const rows = await readAlarmSheet(bytes, name, 'en-us');
    const tags = new Map<string, TemplateTagRow>();
    for (const row of rows) checkSheetRow(row, tags, new Set());
    result = `rows:${rows.length}`;
  } catch (err) {
    if (!(err instanceof AlarmInputError)) throw err;
    expect([1006, 1090]).toContain(err.code);
    expect(keys.has(err.first.key), err.first.key).toBe(true);
    expect(err.message).not.toBe(err.first.key);
    result = err.first.key;
  }
  const ms = performance.now() - started;
  if (ms > slowest.ms) slowest = { ms, result };
  files++;
  expect(ms, `${result} took ${ms} ms`).toBeLessThan(LIMIT_MS);
  return result;
}

let valid: Buffer;
let parts: Map<string, Buffer>;

beforeAll(async () => {
  valid = await sheetBytes([
    ['Alarm name', 'Alarm group', 'Level', 'Tag', 'Alarm type', 'Value', 'Content'],
    ...Array.from({ length: 20 }, (_, i) => [`rule ${i}`, 'G', 'Minor', 'speed', 'High', i, `text ${i}`]),
  ]);
  parts = inspectZip(valid, { maxEntries: 100, maxTotalBytes: 1e8, maxRatio: 1e6, ratioFloorBytes: 0 });
});

/** The valid workbook with one part replaced (or removed when null). */
const withPart = (name: string, data: Buffer | string | null): Buffer => {
  const next = new Map(parts);
  if (data === null) next.delete(name);
  else next.set(name, Buffer.from(data));
  return storedZip(next);
};
const SHEET = 'xl/worksheets/sheet1.xml';
const sheetXml = () => parts.get(SHEET)!.toString('utf8');

describe('malformed workbooks (fast-check, 1,000+ files)', () => {
  const run = (arb: fc.Arbitrary<Buffer>, numRuns: number) =>
    fc.assert(
      fc.asyncProperty(arb, async (bytes) => {
        await outcome(bytes);
      }),
      { numRuns },
    );

  it('random bytes, bare or behind a zip or OLE2 signature', async () => {
    const prefix = fc.constantFrom('', 'PK\x03\x04', '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', 'PK\x05\x06');
    await run(
      fc
        .tuple(prefix, fc.uint8Array({ maxLength: 4096 }))
        .map(([p, b]) => Buffer.concat([Buffer.from(p, 'latin1'), Buffer.from(b)])),
      300,
    );
  });

  it('truncated and mutated valid workbooks', async () => {
    await run(
      fc.nat({ max: 100_000 }).map((n) => valid.subarray(0, n % valid.length)),
      150,
    );
    await run(
      fc
        .array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 })
        .map((edits) => {
          const b = Buffer.from(valid);
          for (const [at, v] of edits) b[at % b.length] = v;
          return b;
        }),
      150,
    );
  });

  it('valid zips of garbage or truncated XML in each part', async () => {
    const names = [...parts.keys()];
    const garbage = fc.oneof(
      fc.string({ maxLength: 2000 }),
      fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b).toString('latin1')),
      fc
        .array(
          fc.constantFrom(
            '<',
            '>',
            '/',
            'row',
            'c',
            ' r="A1"',
            't="s"',
            '<v>',
            '</v>',
            '&amp;',
            '"',
            '<si>',
            '<t>',
            '</t>',
            '9',
          ),
          {
            maxLength: 400,
          },
        )
        .map((xs) => xs.join('')),
    );
    await run(
      fc
        .tuple(fc.constantFrom(...names), fc.oneof(garbage, fc.nat().map(String), fc.constant(null)))
        .map(([name, data]) => withPart(name, data === null ? null : data)),
      150,
    );
    await run(
      fc
        .tuple(fc.constantFrom(...names), fc.nat())
        .map(([name, cut]) =>
          withPart(name, parts.get(name)!.subarray(0, cut % (parts.get(name)!.length + 1))),
        ),
      100,
    );
  });

  it('odd sheet shapes and huge cells, written by a real spreadsheet library', async () => {
    const cell = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        'Alarm name',
        'Level',
        'Tag',
        'Alarm type',
        'Value',
        '报警名称',
        'High',
        'Minor',
        '16',
        '=1+1',
      ),
      fc.double(),
      fc.boolean(),
      fc.integer(),
    );
    const shape = fc.array(fc.array(cell, { maxLength: 14 }), { maxLength: 25 });
    // Written with exceljs (slow to build, so sampled rather than shrunk).
    const sheets = fc.sample(shape, { numRuns: 150, seed: 42 });
    for (const rows of sheets) await outcome(await sheetBytes(rows));
    const huge = 'x'.repeat(100_000);
    expect(
      await outcome(
        await sheetBytes([
          ['Alarm name', 'Level', 'Tag', 'Alarm type', 'Value', 'Content'],
          [huge, huge, huge, huge, huge, huge],
        ]),
      ),
    ).toBe('rows:1');
    expect(await outcome(await sheetBytes([[huge, huge]]))).toBe('validation.alarmImport.missingColumns');
  });

  it('range bombs, entity expansion, deep nesting, far cells and too many cells or rows', async () => {
    const xml = sheetXml();
    const cases: [string, Buffer, string][] = [
      [
        'merged cells',
        withPart(
          SHEET,
          xml.replace(
            '</sheetData>',
            '</sheetData><mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>',
          ),
        ),
        'rows:20',
      ],
      [
        'data validation',
        withPart(
          SHEET,
          xml.replace(
            '</sheetData>',
            '</sheetData><dataValidations count="1"><dataValidation type="whole" sqref="A1:XFD1048576"><formula1>1</formula1></dataValidation></dataValidations>',
          ),
        ),
        'rows:20',
      ],
      [
        'defined names',
        withPart(
          'xl/workbook.xml',
          parts
            .get('xl/workbook.xml')!
            .toString()
            .replace(
              '</workbook>',
              '<definedNames><definedName name="x">rules!$A$1:$XFD$1048576</definedName></definedNames></workbook>',
            ),
        ),
        'rows:20',
      ],
      [
        'hyperlinks',
        withPart(
          SHEET,
          xml.replace(
            '</sheetData>',
            '</sheetData><hyperlinks><hyperlink ref="A1:XFD1048576" r:id="rId9"/></hyperlinks>',
          ),
        ),
        'rows:20',
      ],
      [
        'shared formula',
        withPart(
          SHEET,
          xml.replace(
            '<c r="A2"',
            '<c r="P2"><f t="shared" ref="P2:XFD1048576" si="0">A1</f><v>1</v></c><c r="A2"',
          ),
        ),
        'rows:20',
      ],
      [
        'far cell',
        withPart(
          SHEET,
          xml.replace(
            '</sheetData>',
            '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
          ),
        ),
        'rows:20',
      ],
      // No spreadsheet program writes a DOCTYPE or nests deeply: refused before any parser runs.
      [
        'billion laughs',
        withPart(
          SHEET,
          `<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>${xml.replace(/^<\?xml[^>]*\?>/, '').replace('</sheetData>', '<row r="99"><c r="A99" t="inlineStr"><is><t>&d;&d;&d;&d;</t></is></c></row></sheetData>')}`,
        ),
        'validation.alarmImport.unreadable',
      ],
      [
        'deep nesting',
        withPart(SHEET, `${'<x>'.repeat(200_000)}${'</x>'.repeat(200_000)}`),
        'validation.alarmImport.unreadable',
      ],
      [
        'many empty rows',
        withPart(SHEET, xml.replace('</sheetData>', `${'<row/>'.repeat(60_000)}</sheetData>`)),
        'validation.alarmImport.tooManyRows',
      ],
      [
        'too many cells',
        withPart(
          SHEET,
          xml.replace(
            '</sheetData>',
            `<row r="30">${Array.from({ length: 25_000 }, (_, i) => `<c r="A${i}"><v>1</v></c>`).join('')}</row></sheetData>`,
          ),
        ),
        'validation.alarmImport.tooManyCells',
      ],
      [
        'too many rows',
        withPart(
          SHEET,
          xml.replace(
            '</sheetData>',
            `${Array.from({ length: 5_000 }, (_, i) => `<row r="${i + 30}"><c r="A${i + 30}"><v>1</v></c><c r="B${i + 30}"><v>1</v></c><c r="C${i + 30}"><v>1</v></c><c r="D${i + 30}"><v>1</v></c><c r="E${i + 30}"><v>1</v></c></row>`).join('')}</sheetData>`,
          ),
        ),
        'validation.alarmImport.tooManyRows',
      ],
      [
        'huge shared strings',
        withPart('xl/sharedStrings.xml', `<sst>${'<si><t>a</t></si>'.repeat(30_000)}</sst>`),
        'validation.alarmImport.tooManyCells',
      ],
      ['no workbook part', withPart('xl/workbook.xml', null), 'validation.alarmImport.notWorkbook'],
      ['no sheet part', withPart(SHEET, null), 'validation.alarmImport.noSheet'],
    ];
    for (const [label, bytes, expected] of cases) {
      const got = await outcome(bytes);
      expect(got, label).toBe(expected);
    }
  });

  afterAll(() => {
    console.info(`alarm sheet fuzz: ${files} files, slowest ${slowest.ms.toFixed(0)} ms (${slowest.result})`);
  });

  it('counts at least 1,000 files', () => {
    expect(files).toBeGreaterThanOrEqual(1_000);
  });
});

/** A zip whose one entry inflates to `size` zero bytes, deflated as a stream; `declared` may lie. */
async function zeroBomb(size: number, declared = size): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  const block = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let left = size; left > 0; left -= block.length) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  const packed = Buffer.concat(chunks);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const header = (length: number, signature: number, at: number) => {
    const b = Buffer.alloc(length);
    b.writeUInt32LE(signature, 0);
    b.writeUInt16LE(8, at);
    b.writeUInt32LE(crc, at + 6);
    b.writeUInt32LE(packed.length, at + 10);
    b.writeUInt32LE(declared, at + 14);
    b.writeUInt16LE(name.length, at + 18);
    return b;
  };
  const local = header(30, 0x04034b50, 8);
  const central = header(46, 0x02014b50, 10);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + packed.length, 16);
  return Buffer.concat([local, name, packed, central, name, end]);
}

describe('bombs and renamed binaries', () => {
  let server: TestServer;
  let token: string;
  let templateId: number;
  let gigabyte: Buffer;

  beforeAll(async () => {
    server = await startDeviceTestServer();
    const user = await createActiveUser(server, { lang: 'zh-tw' });
    token = user.tokens.token;
    templateId = (await buildAlarmTemplate(server, token)).template.id;
    gigabyte = await zeroBomb(1024 ** 3);
  }, 60_000);
  afterAll(async () => server?.close());

  it('a zip bomb (1 GiB of zeros in a small file) is refused, declared honestly or not', async () => {
    expect(gigabyte.length).toBeLessThan(AlarmLimits.maxImportBytes);
    expect(await outcome(gigabyte)).toBe('validation.alarmImport.unsafe');
    // The same data with the local header and the directory claiming 1,000 bytes.
    const lying = Buffer.from(gigabyte);
    const central = lying.length - 22 - 46 - 'xl/worksheets/sheet1.xml'.length;
    lying.writeUInt32LE(1000, 22);
    lying.writeUInt32LE(1000, central + 24);
    expect(await outcome(lying)).toBe('validation.alarmImport.unsafe');
    expect(await outcome(await zeroBomb(50 * 1024 * 1024, 1000))).toBe('validation.alarmImport.unsafe');
    const res = await uploadSheet(server, token, {
      templateId,
      file: { bytes: gigabyte, name: 'bomb.xlsx' },
    });
    expect(res.body).toMatchObject({
      code: 1006,
      data: { errors: [{ field: 'file', key: 'validation.alarmImport.unsafe' }] },
    });
    expect(res.body.msg).toBe('The workbook unpacks to too much data and was refused for safety.');
    expect(res.ms).toBeLessThan(LIMIT_MS);
  });

  it('renamed binaries get their own message: PNG as .xlsx, BIFF as .xls; a real xlsx named .xls is read', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
    const biff = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)]);
    const cases = [
      [png, 'photo.xlsx', 'validation.alarmImport.notWorkbook'],
      [biff, 'old.xls', 'validation.alarmImport.legacyXls'],
      [Buffer.from('name,level\nx,1\n'), 'rules.xls', 'validation.alarmImport.notWorkbook'],
      [valid, 'rules.csv', 'validation.importFile.type'],
    ] as const;
    for (const [bytes, name, key] of cases) {
      expect(await outcome(Buffer.from(bytes), name), name).toBe(key);
      const res = await uploadSheet(server, token, { templateId, file: { bytes, name } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 1006, data: { errors: [{ field: 'file', key }] } });
      expect(res.ms).toBeLessThan(LIMIT_MS);
    }
    expect(
      (await uploadSheet(server, token, { templateId, file: { bytes: biff, name: 'old.xls' } })).body.msg,
    ).toContain('.xlsx');
    expect(await outcome(valid, 'renamed.XLS')).toBe('rows:20');
  });

  it('the server stays up: after every refusal a good file imports', async () => {
    for (const bytes of [gigabyte, Buffer.from('garbage'), valid.subarray(0, 500)]) {
      const res = await uploadSheet(server, token, { templateId, file: { bytes, name: 'x.xlsx' } });
      expect(res.body.code).toBe(1006);
    }
    const good = await sheetBytes([
      ['Alarm name', 'Level', 'Tag', 'Alarm type', 'Value'],
      ['fine', 'Minor', 'int16', 'High', 1],
    ]);
    const res = await uploadSheet(server, token, { templateId, file: { bytes: good, name: 'good.xlsx' } });
    expect(res.body).toMatchObject({ code: 0, data: { imported: 1 } });
  });
});
