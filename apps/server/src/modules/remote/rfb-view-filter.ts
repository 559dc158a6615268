/**
 * The view-only guard of a remote screen (docs/protocol.md, Tunnels): parses the RFB (VNC)
 * client -> server stream of a view session and drops what would operate the HMI. The server
 * enforces view-only; the browser's noVNC `viewOnly` is only a convenience.
 *
 * Version negotiation (RFC 6143 7.1.1): the filter must frame the client's bytes exactly as the
 * HMI's server does, and servers differ on versions they do not know (the RFC says "treat as
 * 3.3"; the simulator and TigerVNC map 3.4-3.6 to 3.3 and anything from 3.8 up, 3.889 included,
 * to 3.8; others refuse). A mismatch is a hole: answering `RFB 003.005` and then `02`, a filter
 * taking it for 3.7/3.8 passes 16 "authentication" bytes the server reads as ClientInit and a
 * PointerEvent. So the filter guesses nothing and closes (RfbFramingError, the tunnel ends
 * 'error') unless the client answers exactly `RFB 003.003\n`, `RFB 003.007\n` or
 * `RFB 003.008\n`, not above the version the server offered (read from the server -> client
 * stream, `fromServer`; a client speaking before the server is refused), and picks security
 * type 1 (None) or 2 (VNC authentication) in 3.7/3.8. In 3.3 the server names the type (4
 * bytes after its version): None or VNC authentication, else the filter closes.
 *
 * Handshake: ProtocolVersion (12 bytes), for 3.7/3.8 the security type chosen (1 byte; type 2,
 * VNC authentication, is followed by the 16-byte response), then ClientInit (1 byte: its shared
 * flag is forced to 1, so that a viewer never disconnects the other clients). Then the
 * messages: SetPixelFormat 0 (20 bytes), SetEncodings 2 (4 + 4n), FramebufferUpdateRequest 3
 * (10), KeyEvent 4 (8), PointerEvent 5 (6), ClientCutText 6 (8 + n; a negative n is the
 * extended clipboard: |n|), EnableContinuousUpdates 150 (10), ClientFence 248 (9 + n), xvp 250
 * (4), SetDesktopSize 251 (8 + 16n), QEMU 255 subtype 0 key event (12). KeyEvent,
 * PointerEvent, ClientCutText, xvp, SetDesktopSize and QEMU key events are dropped; the rest
 * passes. An unknown message type cannot be framed: the filter fails (the tunnel ends) rather
 * than guess.
 *
 * Chunks may split anywhere: only a message's fixed header (at most 20 bytes) is ever held; a
 * long body (a clipboard text) passes or is dropped as it streams.
 */
export class RfbViewFilter {
  private stage: 'version' | 'security' | 'serverSecurity' | 'auth' | 'init' | 'messages' = 'version';
  private head = Buffer.alloc(0);
  /** The first bytes of the server's stream: its ProtocolVersion and, in 3.3, its security type. */
  private server = Buffer.alloc(0);
  /** Bytes of the current message body still to pass (> 0) or drop (< 0). */
  private rest = 0;
  private dropping = false;
  /** Bytes dropped so far (operating input of a viewer). */
  dropped = 0;

  /** Bytes the server sent the client (only the first SERVER_HEAD are kept). */
  fromServer(chunk: Buffer): void {
    if (this.server.length < SERVER_HEAD)
      this.server = Buffer.concat([this.server, chunk.subarray(0, SERVER_HEAD - this.server.length)]);
  }

  /** The bytes of `chunk` that may reach the device, in order (possibly none). */
  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (this.stage === 'serverSecurity') this.stage = this.serverSecurity();
      if (this.rest > 0) {
        const n = Math.min(this.rest, chunk.length - at);
        if (this.dropping) this.dropped += n;
        else out.push(chunk.subarray(at, at + n));
        this.rest -= n;
        at += n;
        continue;
      }
      const need = this.needed();
      const take = Math.min(need - this.head.length, chunk.length - at);
      this.head = Buffer.concat([this.head, chunk.subarray(at, at + take)]);
      at += take;
      if (this.head.length < need) break;
      const more = this.needed();
      if (more > this.head.length) continue; // the header told how much of it there is
      this.complete(out);
    }
    return out;
  }

  /** How many header bytes the current unit needs (grows once its type is known). */
  private needed(): number {
    switch (this.stage) {
      case 'version':
        return 12;
      case 'serverSecurity':
        return fail('the RFB 3.3 security type was not read');
      case 'security':
      case 'init':
        return 1;
      case 'auth':
        return 16;
      case 'messages':
        return this.head.length === 0 ? 1 : messageHead(this.head);
    }
  }

  private complete(out: Buffer[]): void {
    const head = this.head;
    this.head = Buffer.alloc(0);
    switch (this.stage) {
      case 'version':
        this.stage = this.version(head) === 3 ? 'serverSecurity' : 'security';
        out.push(head);
        return;
      case 'security':
        if (head[0] !== 1 && head[0] !== 2) fail(`security type ${head[0]} (only 1 and 2 are framed)`);
        this.stage = head[0] === 2 ? 'auth' : 'init';
        out.push(head);
        return;
      case 'auth':
        this.stage = 'init';
        out.push(head);
        return;
      case 'init':
        this.stage = 'messages';
        out.push(Buffer.from([1])); // shared: a viewer never takes the screen from others
        return;
      case 'messages': {
        const { body, drop } = messageBody(head);
        this.dropping = drop;
        this.rest = body;
        if (drop) this.dropped += head.length;
        else out.push(head);
      }
    }
  }

  /** The client's minor version: 3, 7 or 8, not above the server's; anything else closes. */
  private version(head: Buffer): number {
    const text = head.toString('latin1');
    const minor = CLIENT_VERSIONS.get(text);
    if (minor === undefined)
      fail(`ProtocolVersion ${JSON.stringify(text)} (only 3.3, 3.7 and 3.8 are framed)`);
    if (this.server.length < 12) fail('the client answered before the server sent its ProtocolVersion');
    const offered = SERVER_VERSION.exec(this.server.toString('latin1', 0, 12));
    if (!offered || Number(offered[1]) !== 3 || minor > Number(offered[2]))
      fail(`ProtocolVersion ${JSON.stringify(text)} above the server's`);
    return minor;
  }

  /** RFB 3.3: the server named the security type (a u32 after its version). */
  private serverSecurity(): 'init' | 'auth' {
    if (this.server.length < SERVER_HEAD) fail('the client spoke before the server named the security type');
    const type = this.server.readUInt32BE(12);
    if (type === 1) return 'init';
    if (type === 2) return 'auth';
    return fail(`RFB 3.3 security type ${type}`);
  }
}

/** What the filter keeps of the server's stream: ProtocolVersion (12) and a 3.3 security type (4). */
const SERVER_HEAD = 16;

/** The only ProtocolVersion answers framed, by minor version. */
const CLIENT_VERSIONS: ReadonlyMap<string, number> = new Map([
  ['RFB 003.003\n', 3],
  ['RFB 003.007\n', 7],
  ['RFB 003.008\n', 8],
]);
const SERVER_VERSION = /^RFB (\d{3})\.(\d{3})\n$/;

/** Error of a stream that is not RFB as this filter knows it. */
export class RfbFramingError extends Error {
  override name = 'RfbFramingError';
}

/** The fixed header length of a client message, given at least its first byte. */
function messageHead(head: Buffer): number {
  switch (head[0]) {
    case 0:
      return 20; // SetPixelFormat
    case 2:
      return 4; // SetEncodings, then 4n
    case 3:
      return 10; // FramebufferUpdateRequest
    case 4:
      return 8; // KeyEvent
    case 5:
      return 6; // PointerEvent
    case 6:
      return 8; // ClientCutText, then n
    case 150:
      return 10; // EnableContinuousUpdates
    case 248:
      return 9; // ClientFence, then n
    case 250:
      return 4; // xvp
    case 251:
      return 8; // SetDesktopSize, then 16n
    case 255:
      return head.length < 2 ? 2 : head[1] === 0 ? 12 : unknownMessage(head);
    default:
      return unknownMessage(head);
  }
}

function unknownMessage(head: Buffer): never {
  return fail(`unknown RFB client message ${head[0]}${head.length > 1 ? `/${head[1]}` : ''}`);
}

function fail(why: string): never {
  throw new RfbFramingError(why);
}

/** What follows a complete header, and whether a viewer's message is dropped. */
function messageBody(head: Buffer): { body: number; drop: boolean } {
  switch (head[0]) {
    case 2:
      return { body: 4 * head.readUInt16BE(2), drop: false };
    case 6:
      return { body: Math.abs(head.readInt32BE(4)), drop: true };
    case 248:
      return { body: head[8]!, drop: false };
    case 251:
      return { body: 16 * head[6]!, drop: true };
    case 4:
    case 5:
    case 250:
    case 255:
      return { body: 0, drop: true };
    default:
      return { body: 0, drop: false };
  }
}
