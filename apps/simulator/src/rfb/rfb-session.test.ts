import { Duplex, PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DeviceScreen, SCREEN_COLORS } from './device-screen.ts';
import { pixelValue, SERVER_PIXEL_FORMAT, type PixelFormat } from './pixel-format.ts';
import { serveRfb } from './rfb-session.ts';
import { rawPixel, TestRfbClient } from './test-rfb-client.ts';

/** A connected pair of in-process streams: what one side writes, the other reads. */
function pair(): [Duplex, Duplex] {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  return [
    Duplex.from({ readable: toServer, writable: toClient }),
    Duplex.from({ readable: toClient, writable: toServer }),
  ];
}

function setup(options: { onPress?: () => void } = {}) {
  const screen = new DeviceScreen({ title: 'SIMH-TEST-00001', ...options });
  screen.setLines([{ name: 'pieces', value: '42' }], 'PUSH writes pieces');
  const [serverSide, clientSide] = pair();
  const session = serveRfb(serverSide, { name: 'Line 3 filler', screen });
  const client = new TestRfbClient(clientSide);
  return { screen, session, client };
}

/** Sends the bytes one at a time (every message split at every byte). */
const byteByByte = (client: TestRfbClient) => {
  const send = client.send;
  client.send = (bytes) => {
    for (const b of bytes) send(Buffer.from([b]));
  };
};

const NOVNC: PixelFormat = { ...SERVER_PIXEL_FORMAT, redShift: 0, greenShift: 8, blueShift: 16 };
const RGB565_BE: PixelFormat = {
  bitsPerPixel: 16,
  depth: 16,
  bigEndian: true,
  trueColour: true,
  redMax: 31,
  greenMax: 63,
  blueMax: 31,
  redShift: 11,
  greenShift: 5,
  blueShift: 0,
};

describe('RFB server', () => {
  it('does the 3.8 handshake with every byte in its own chunk and sends a full frame', async () => {
    const { client, screen, session } = setup();
    byteByByte(client);
    const init = await client.handshake();
    expect(init).toMatchObject({ width: 480, height: 272, name: 'Line 3 filler' });
    expect(init.format).toEqual(SERVER_PIXEL_FORMAT);
    client.send(TestRfbClient.setEncodings([0, -223, 7]));
    client.send(TestRfbClient.updateRequest(false, 0, 0, 480, 272));
    const [rect, ...more] = await client.readUpdate(4);
    expect(more).toEqual([]);
    expect(rect).toMatchObject({ x: 0, y: 0, w: 480, h: 272 });
    const b = screen.button;
    const centreLeft = rawPixel(rect!, b.x + 3, b.y + 3, 4, false);
    expect(centreLeft).toBe(SCREEN_COLORS.button);
    expect(rawPixel(rect!, 2, 2, 4, false)).toBe(SCREEN_COLORS.title);
    expect(session.stats).toMatchObject({
      clientVersion: 'RFB 003.008',
      encodings: [0, -223, 7],
      updates: 1,
    });
  });

  it('parses coalesced messages and converts to 16 bpp big-endian and noVNC 32 bpp', async () => {
    const { client, screen } = setup();
    await client.handshake();
    const b = screen.button;
    // Three messages in one chunk.
    client.send(
      Buffer.concat([
        TestRfbClient.setPixelFormat(RGB565_BE),
        TestRfbClient.setEncodings([0]),
        TestRfbClient.updateRequest(false, b.x, b.y, 8, 4),
      ]),
    );
    const [r16] = await client.readUpdate(2);
    expect(r16).toMatchObject({ x: b.x, y: b.y, w: 8, h: 4 });
    const orange = SCREEN_COLORS.button;
    const expected565 =
      (Math.round(((orange >> 16) * 31) / 255) << 11) |
      (Math.round((((orange >> 8) & 255) * 63) / 255) << 5) |
      Math.round(((orange & 255) * 31) / 255);
    expect(rawPixel(r16!, b.x, b.y, 2, true)).toBe(expected565);

    client.send(
      Buffer.concat([TestRfbClient.setPixelFormat(NOVNC), TestRfbClient.updateRequest(false, 0, 0, 4, 4)]),
    );
    const [r32] = await client.readUpdate(4);
    // noVNC's format puts red in the lowest byte: R, G, B, 0 on the wire.
    expect([...r32!.data.subarray(0, 4)]).toEqual([0x2f, 0x6f, 0xb3, 0]);
    expect(pixelValue(NOVNC, SCREEN_COLORS.title)).toBe(0xb36f2f);
  });

  it('keeps an incremental request until the screen changes, then sends only what changed', async () => {
    const { client, screen } = setup();
    await client.handshake();
    client.send(TestRfbClient.updateRequest(false, 0, 0, 480, 272));
    await client.readUpdate(4);
    client.send(TestRfbClient.updateRequest(true, 0, 0, 480, 272));
    await new Promise((r) => setTimeout(r, 100));
    expect(client.buffered).toBe(0); // nothing changed: no update yet

    screen.setLines([{ name: 'pieces', value: '43' }], 'PUSH writes pieces');
    const rects = await client.readUpdate(4);
    expect(rects.length).toBeGreaterThan(0);
    const area = rects.reduce((sum, r) => sum + r.w * r.h, 0);
    expect(area).toBeLessThan(480 * 272 * 0.1);
    for (const r of rects) expect(r.y).toBeGreaterThanOrEqual(40); // the value line, not the title
    // Another incremental request with no change stays pending again.
    client.send(TestRfbClient.updateRequest(true, 0, 0, 480, 272));
    await new Promise((r) => setTimeout(r, 100));
    expect(client.buffered).toBe(0);
  });

  it('presses the button on a left click inside it, and only there', async () => {
    let presses = 0;
    const { client, screen } = setup({ onPress: () => presses++ });
    await client.handshake();
    const b = screen.button;
    client.send(
      Buffer.concat([
        TestRfbClient.pointer(5, 5, 1), // outside
        TestRfbClient.pointer(5, 5, 0),
        TestRfbClient.pointer(b.x + 10, b.y + 10, 0), // hover
        TestRfbClient.key(true, 0x61),
        TestRfbClient.cutText('hello clipboard'),
      ]),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(presses).toBe(0);
    byteByByte(client);
    client.send(TestRfbClient.pointer(b.x + 10, b.y + 10, 1));
    client.send(TestRfbClient.pointer(b.x + 11, b.y + 10, 1)); // drag while held: still one press
    client.send(TestRfbClient.pointer(b.x + 11, b.y + 10, 0));
    client.send(TestRfbClient.pointer(b.x + b.w - 1, b.y + b.h - 1, 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(presses).toBe(2);
    // The session is still in step after all that: an update request is answered.
    client.send(TestRfbClient.updateRequest(false, 0, 0, 1, 1));
    expect(await client.readUpdate(4)).toHaveLength(1);
  });

  it('speaks RFB 3.3 and 3.7 to older clients', async () => {
    for (const version of ['RFB 003.003\n', 'RFB 003.007\n']) {
      const { client } = setup();
      expect((await client.handshake(version)).width).toBe(480);
      client.send(TestRfbClient.updateRequest(false, 0, 0, 2, 2));
      expect(await client.readUpdate(4)).toHaveLength(1);
    }
  });

  it('closes on a bad version, an unknown message or a colour map format', async () => {
    const bad = setup();
    await bad.client.read(12);
    bad.client.send(Buffer.from('HTTP/1.1 200'));
    expect(await bad.client.closedWithin(2_000)).toBe(true);

    const unknown = setup();
    await unknown.client.handshake();
    unknown.client.send(Buffer.from([99, 0, 0, 0]));
    expect(await unknown.client.closedWithin(2_000)).toBe(true);

    const palette = setup();
    await palette.client.handshake();
    palette.client.send(TestRfbClient.setPixelFormat({ ...RGB565_BE, bitsPerPixel: 8, trueColour: false }));
    expect(await palette.client.closedWithin(2_000)).toBe(true);
  });
});
