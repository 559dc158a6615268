import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { listenLocal, type LocalService } from '../tunnel/local-services.ts';
import { DeviceScreen, SCREEN_COLORS } from './device-screen.ts';
import { serveRfb, type RfbSession } from './rfb-session.ts';

/*
 * Interoperability with a VNC client nobody here wrote: Debian's `vncsnapshot` (TightVNC-based,
 * speaks RFB 3.3) connects to our RFB server and saves the screen as a JPEG. When `djpeg`
 * (libjpeg-turbo-progs) is installed too, the JPEG is decoded and the button's colour checked.
 * Install: apt-get install -y vncsnapshot libjpeg-turbo-progs. Without vncsnapshot it skips.
 */

const run = promisify(execFile);

async function has(tool: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${tool}`]);
    return true;
  } catch {
    return false;
  }
}

const haveSnapshot = await has('vncsnapshot');
const haveDjpeg = await has('djpeg');
if (!haveSnapshot)
  console.log('rfb-interop: skipped, vncsnapshot is not installed (apt-get install -y vncsnapshot)');

/** Width and height from a JPEG's SOF marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  expect(jpeg.readUInt16BE(0)).toBe(0xffd8);
  let o = 2;
  while (o < jpeg.length) {
    const marker = jpeg.readUInt16BE(o);
    const length = jpeg.readUInt16BE(o + 2);
    if (marker >= 0xffc0 && marker <= 0xffc3)
      return { height: jpeg.readUInt16BE(o + 5), width: jpeg.readUInt16BE(o + 7) };
    o += 2 + length;
  }
  throw new Error('no SOF marker');
}

/** The RGB pixel at (x, y) of a binary PPM (P6) image. */
function ppmPixel(ppm: Buffer, x: number, y: number): [number, number, number] {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a P6 image');
  const o = header[0].length + (y * Number(header[1]) + x) * 3;
  return [ppm[o]!, ppm[o + 1]!, ppm[o + 2]!];
}

let dir: string | undefined;
let service: LocalService | undefined;
afterAll(async () => {
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!haveSnapshot)('RFB interoperability (vncsnapshot)', () => {
  it('a foreign VNC client reads our screen', async () => {
    const screen = new DeviceScreen({ title: 'SIMH-INTEROP-00001' });
    screen.setLines([{ name: 'temperature', value: '21.5' }], 'PUSH writes running');
    const sessions: RfbSession[] = [];
    service = await listenLocal((socket) => sessions.push(serveRfb(socket, { name: 'interop', screen })));
    dir = await mkdtemp(join(tmpdir(), 'rfb-interop-'));
    const out = join(dir, 'screen.jpg');
    const started = Date.now();
    // HOST::PORT is a TCP port (HOST:N would be display N = port 5900 + N).
    await run('vncsnapshot', ['-quiet', '-allowblank', '-quality', '95', `127.0.0.1::${service.port}`, out], {
      timeout: 20_000,
    });
    console.log(`rfb-interop: vncsnapshot took ${Date.now() - started} ms`);

    expect(sessions[0]!.stats.clientVersion).toBe('RFB 003.003');
    expect(sessions[0]!.stats.updates).toBeGreaterThan(0);
    const jpeg = await readFile(out);
    expect(jpegSize(jpeg)).toEqual({ width: 480, height: 272 });

    if (!haveDjpeg) return console.log('rfb-interop: pixel check skipped, djpeg is not installed');
    const { stdout } = await run('djpeg', ['-pnm', out], { encoding: 'buffer', maxBuffer: 4 << 20 });
    const near = (rgb: [number, number, number], want: number) =>
      Math.max(...rgb.map((c, i) => Math.abs(c - ((want >> (16 - 8 * i)) & 255))));
    const b = screen.button;
    expect(near(ppmPixel(stdout, b.x + 4, b.y + 4), SCREEN_COLORS.button)).toBeLessThan(24);
    expect(near(ppmPixel(stdout, 240, 150), SCREEN_COLORS.background)).toBeLessThan(24);
    expect(near(ppmPixel(stdout, 470, 4), SCREEN_COLORS.title)).toBeLessThan(24);
  });
});
