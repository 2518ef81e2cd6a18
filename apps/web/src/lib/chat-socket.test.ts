import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ChatSocket,
  chatSocketUrl,
  PING_INTERVAL_MS,
  parseServerEvent,
  RECONNECT_MAX_MS,
  reconnectDelay,
  type SocketLike,
  type SocketStatus,
} from './chat-socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  /** The server accepts and says ready. */
  accept() {
    this.readyState = 1;
    this.onopen?.({});
    this.onmessage?.({ data: JSON.stringify({ type: 'ready', userId: 1 }) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const statuses: SocketStatus[] = [];
  const events: unknown[] = [];
  const onSessionEnded = vi.fn();
  const client = new ChatSocket({
    url: 'ws://portal/api/chat/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onStatus: (status) => statuses.push(status),
    onEvent: (event) => events.push(event),
    onSessionEnded,
    random: () => 0.5, // no jitter
  });
  return { client, sockets, statuses, events, onSessionEnded };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('reconnect delays', () => {
  it('double from 1 s up to 30 s, with at most ±20 % jitter', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => reconnectDelay(attempt, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
    expect(reconnectDelay(5, () => 0.5)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(50, () => 0.5)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });
});

describe('the chat socket', () => {
  it('is open once the server says ready, and hands on the events it understands', () => {
    const { client, sockets, statuses, events } = setup();
    client.start();
    expect(statuses).toEqual(['connecting']);
    sockets[0]?.accept();
    expect(statuses).toEqual(['connecting', 'open']);
    sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'delete', id_message: 7 }) });
    sockets[0]?.onmessage?.({ data: 'not json' });
    sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'unknown' }) });
    expect(events).toEqual([
      { type: 'ready', userId: 1 },
      { type: 'delete', id_message: 7 },
    ]);
  });

  it('reconnects after a drop with a growing wait, and from the start again after a success', () => {
    const { client, sockets, statuses } = setup();
    client.start();
    sockets[0]?.drop();
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]?.accept();
    sockets[2]?.drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('stops when the session ended (4401) and says so', () => {
    const { client, sockets, onSessionEnded } = setup();
    client.start();
    sockets[0]?.accept();
    sockets[0]?.drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('pings, and takes a socket that answers nothing for dead', () => {
    const { client, sockets } = setup();
    client.start();
    sockets[0]?.accept();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(sockets[0]?.sent).toEqual(['{"type":"ping"}']);
    sockets[0]?.onmessage?.({ data: '{"type":"pong"}' });
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(sockets[0]?.closedWith).toBeNull();
    // No answer to that ping: at the next round the socket is closed and a new one follows.
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(sockets[0]?.closedWith).not.toBeNull();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects at once when asked (back online), and not at all once stopped', () => {
    const { client, sockets, statuses } = setup();
    client.start();
    sockets[0]?.drop();
    sockets[0]?.drop();
    client.reconnectNow();
    expect(sockets).toHaveLength(2);
    client.stop();
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });
});

describe('helpers', () => {
  it('builds the socket address from the page address', () => {
    expect(chatSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/chat/ws');
    expect(chatSocketUrl({ protocol: 'https:', host: 'okuu.kg' })).toBe('wss://okuu.kg/api/chat/ws');
  });

  it('reads only the events of the protocol', () => {
    expect(parseServerEvent('{"type":"read","id_reader":2,"id_from":1,"ids":[3]}')).toEqual({
      type: 'read',
      id_reader: 2,
      id_from: 1,
      ids: [3],
    });
    expect(parseServerEvent('{"type":"read"}')).toBeNull();
    expect(parseServerEvent(new ArrayBuffer(2))).toBeNull();
  });
});
