import { crc32, inflateRawSync } from 'node:zlib';

/**
 * What an uploaded spreadsheet really is, by its first bytes (never by its name): an OOXML
 * workbook is a zip (`PK\x03\x04`); a legacy binary .xls, like a password-protected .xlsx, is an
 * OLE2 compound file (`D0 CF 11 E0 A1 B1 1A E1`); anything else is not a workbook.
 */
export type SpreadsheetKind = 'zip' | 'ole2' | 'other';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function sniffSpreadsheet(bytes: Buffer): SpreadsheetKind {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (bytes.subarray(0, 8).equals(OLE2_MAGIC)) return 'ole2';
  return 'other';
}

export interface ZipLimits {
  /** Most entries (files and folders) in the archive. */
  maxEntries: number;
  /** Most bytes of all entries together once inflated. */
  maxTotalBytes: number;
  /** Largest inflated/compressed ratio of one entry... */
  maxRatio: number;
  /** ...counted only for entries inflating to more than this (small XML parts compress well). */
  ratioFloorBytes: number;
}

/** Why an archive was refused: `unsafe` for a bomb (too many entries, too large, too compressed). */
export type ZipRejection = 'corrupt' | 'unsupported' | 'unsafe';

export class ZipRejected extends Error {
  override name = 'ZipRejected';
  constructor(
    readonly reason: ZipRejection,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;

/** Offset of the end-of-central-directory record, searched backwards over a possible comment. */
function findEndRecord(zip: Buffer): number {
  const last = zip.length - EOCD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let at = last; at >= first; at--) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE && at + EOCD_SIZE + zip.readUInt16LE(at + 20) === zip.length)
      return at;
  }
  throw new ZipRejected('corrupt', 'no end of central directory');
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The central directory, checked against the limits on its declared sizes alone. */
function readDirectory(zip: Buffer, limits: ZipLimits): Entry[] {
  if (zip.length < EOCD_SIZE) throw new ZipRejected('corrupt', 'too short');
  const end = findEndRecord(zip);
  const disk = zip.readUInt16LE(end + 4);
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw new ZipRejected('unsupported', 'zip64');
  if (disk !== 0 || zip.readUInt16LE(end + 6) !== 0) throw new ZipRejected('unsupported', 'multi-disk');
  if (count > limits.maxEntries) throw new ZipRejected('unsafe', `${count} entries`);
  if (offset + size > end) throw new ZipRejected('corrupt', 'central directory out of bounds');

  const entries: Entry[] = [];
  const names = new Set<string>();
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > offset + size || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw new ZipRejected('corrupt', `central entry ${i}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + CENTRAL_SIZE + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > offset + size) throw new ZipRejected('corrupt', `central entry ${i} out of bounds`);
    const entry: Entry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength),
    };
    if (names.has(entry.name)) throw new ZipRejected('corrupt', `duplicate entry ${entry.name}`);
    names.add(entry.name);
    if (entry.flags & 0x1) throw new ZipRejected('unsupported', 'encrypted entry');
    if (entry.method !== 0 && entry.method !== 8)
      throw new ZipRejected('unsupported', `compression method ${entry.method}`);
    total += entry.size;
    if (total > limits.maxTotalBytes)
      throw new ZipRejected('unsafe', `more than ${limits.maxTotalBytes} bytes`);
    if (entry.size > limits.ratioFloorBytes && entry.size > entry.compressedSize * limits.maxRatio)
      throw new ZipRejected('unsafe', `compression ratio of ${entry.name}`);
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** The bytes of one entry, inflated to at most its declared size (a lying size fails here). */
function inflateEntry(zip: Buffer, e: Entry): Buffer {
  const local = e.localOffset;
  if (local + LOCAL_SIZE > zip.length || zip.readUInt32LE(local) !== LOCAL_SIGNATURE)
    throw new ZipRejected('corrupt', `local header of ${e.name}`);
  const start = local + LOCAL_SIZE + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  if (start + e.compressedSize > zip.length) throw new ZipRejected('corrupt', `data of ${e.name} truncated`);
  const raw = zip.subarray(start, start + e.compressedSize);
  let data: Buffer;
  if (e.method === 0) data = raw;
  else {
    try {
      // One byte of room: inflating past the declared size is caught, not allocated.
      data = inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size + 1) });
    } catch (err) {
      const tooLarge = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw new ZipRejected(tooLarge ? 'unsafe' : 'corrupt', `inflating ${e.name}`);
    }
  }
  if (data.length !== e.size) {
    throw new ZipRejected(data.length > e.size ? 'unsafe' : 'corrupt', `size of ${e.name}`);
  }
  if (crc32(data) !== e.crc) throw new ZipRejected('corrupt', `checksum of ${e.name}`);
  return data;
}

/**
 * Reads a zip archive defensively before any library sees it: the central directory must be
 * sound and within the limits (entries, total inflated size, ratio), and then every entry is
 * inflated here with its declared size as a hard cap and its checksum verified, so a size that
 * lies in the directory cannot slip a bomb through. Returns each file entry's bytes by name.
 * Throws ZipRejected; never anything else for any input.
 */
export function inspectZip(zip: Buffer, limits: ZipLimits): Map<string, Buffer> {
  try {
    const files = new Map<string, Buffer>();
    for (const entry of readDirectory(zip, limits)) {
      const data = inflateEntry(zip, entry);
      if (!entry.name.endsWith('/')) files.set(entry.name.replace(/^\/+/, ''), data);
    }
    return files;
  } catch (err) {
    if (err instanceof ZipRejected) throw err;
    // A bound read past the end (RangeError) of a malformed archive.
    throw new ZipRejected('corrupt', (err as Error).message);
  }
}

/**
 * A zip of these files, stored without compression (for handing checked parts to a library; the
 * data is already in memory and small). Names are UTF-8 (flag bit 11).
 */
export function storedZip(files: Iterable<readonly [string, Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(LOCAL_SIZE);
    local.writeUInt32LE(LOCAL_SIGNATURE, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(CENTRAL_SIZE);
    central.writeUInt32LE(CENTRAL_SIGNATURE, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += LOCAL_SIZE + nameBytes.length + data.length;
    count++;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(EOCD_SIZE);
  end.writeUInt32LE(EOCD_SIGNATURE, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
