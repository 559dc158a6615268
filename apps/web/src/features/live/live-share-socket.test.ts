import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveCloseCode } from '@hmi/domain';
import { createLiveSocket, setLiveShareViewer } from './live-connection.ts';

class FakeWebSocket {
  static last: FakeWebSocket | null = null;
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  send() {}
  close() {}
}

describe('the share viewer socket', () => {
  afterEach(() => {
    setLiveShareViewer(null);
    vi.unstubAllGlobals();
  });

  it('carries share=<token>, no session token, and ends the viewer on 4001', () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const onEnded = vi.fn();
    setLiveShareViewer({ token: 'tok-1', onEnded });
    const socket = createLiveSocket({ onMessage: () => undefined });
    socket.open();
    const ws = FakeWebSocket.last!;
    const url = new URL(ws.url);
    expect(url.pathname).toBe('/v1/ws/device');
    expect(url.searchParams.get('share')).toBe('tok-1');
    expect(url.searchParams.has('token')).toBe(false);
    ws.readyState = 1;
    ws.onopen?.(new Event('open'));
    ws.readyState = 3;
    ws.onclose?.({ code: LiveCloseCode.TokenInvalid } as CloseEvent);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(socket.state).toBe('closed');
    socket.close();
  });
});
