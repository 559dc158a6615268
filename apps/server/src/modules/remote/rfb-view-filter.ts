/**
 * The view-only guard of a remote screen (docs/protocol.md, Tunnels): parses the RFB (VNC)
 * client -> server stream of a view session and drops what would operate the HMI. The server
 * enforces view-only; the browser's noVNC `viewOnly` is only a convenience.
 *
 * Handshake: ProtocolVersion (12 bytes), for 3.7/3.8 the security type chosen (1 byte; type 2,
 * VNC authentication, is followed by the 16-byte response), then ClientInit (1 byte: its shared
 * flag is forced to 1, so that a viewer never disconnects the other clients). Version 3.3 has no
 * security choice from the client (security None assumed). Then the messages: SetPixelFormat 0
 * (20 bytes), SetEncodings 2 (4 + 4n), FramebufferUpdateRequest 3 (10), KeyEvent 4 (8),
 * PointerEvent 5 (6), ClientCutText 6 (8 + n; a negative n is the extended clipboard: |n|),
 * EnableContinuousUpdates 150 (10), ClientFence 248 (9 + n), xvp 250 (4), SetDesktopSize 251
 * (8 + 16n), QEMU 255 subtype 0 key event (12). KeyEvent, PointerEvent, ClientCutText, xvp,
 * SetDesktopSize and QEMU key events are dropped; the rest passes. An unknown message type
 * cannot be framed: the filter fails (the tunnel ends) rather than guess.
 *
 * Chunks may split anywhere: only a message's fixed header (at most 20 bytes) is ever held; a
 * long body (a clipboard text) passes or is dropped as it streams.
 */
export class RfbViewFilter {
  private stage: 'version' | 'security' | 'auth' | 'init' | 'messages' = 'version';
  private head = Buffer.alloc(0);
  /** Bytes of the current message body still to pass (> 0) or drop (< 0). */
  private rest = 0;
  private dropping = false;
  /** Bytes dropped so far (operating input of a viewer). */
  dropped = 0;

  /** The bytes of `chunk` that may reach the device, in order (possibly none). */
  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let at = 0;
    while (at < chunk.length) {
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
        this.stage = head.toString('latin1', 0, 11) === 'RFB 003.003' ? 'init' : 'security';
        out.push(head);
        return;
      case 'security':
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
}

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
      return head.length < 2 ? 2 : head[1] === 0 ? 12 : fail(head);
    default:
      return fail(head);
  }
}

function fail(head: Buffer): never {
  throw new RfbFramingError(`unknown RFB client message ${head[0]}${head.length > 1 ? `/${head[1]}` : ''}`);
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
