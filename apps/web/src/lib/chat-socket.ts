import {
  type ChatServerEvent,
  chatServerEvent,
  chatSocketCloseCodes,
  chatSocketPath,
} from '@okuu/contracts/chat/events';

export type SocketStatus = 'connecting' | 'open' | 'closed';

/** The part of the browser's WebSocket the client uses (tests give a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface ChatSocketOptions {
  url: string;
  onEvent: (event: ChatServerEvent) => void;
  onStatus: (status: SocketStatus) => void;
  /** The server closed the socket because the session ended: no reconnecting. */
  onSessionEnded: () => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
}

/** The first wait before reconnecting, doubled after every failed try up to the longest. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** A ping this often; a socket that answers nothing for PING_TIMEOUT_MS after it is taken for dead. */
export const PING_INTERVAL_MS = 25_000;
export const PING_TIMEOUT_MS = 10_000;

/** The wait before reconnect try `attempt` (0 first): exponential, capped, with ±20 % jitter so tabs spread out. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The address of the chat socket on the server that served the page (ws:, or wss: behind HTTPS). */
export function chatSocketUrl(location: { protocol: string; host: string } = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${chatSocketPath}`;
}

/** A server event from a text frame, or null for anything the protocol does not have. */
export function parseServerEvent(data: unknown): ChatServerEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = chatServerEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The chat's WebSocket (contracts chat/events.ts), kept open while started: 'open' once the server said `ready`;
 * on any close it reconnects with a growing wait, and at once when the browser comes back online. A ping every
 * 25 s finds a connection that died without closing.
 */
export class ChatSocket {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private running = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  private readonly options: ChatSocketOptions;

  constructor(options: ChatSocketOptions) {
    this.options = options;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retryTimer);
    this.drop();
    this.options.onStatus('closed');
  }

  /** Reconnects now rather than after the wait (the browser is back online, the tab is shown again). */
  reconnectNow(): void {
    if (!this.running || this.socket) return;
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.connect();
  }

  private connect(): void {
    this.options.onStatus('connecting');
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike))(this.options.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (message) => {
      this.lastHeard = Date.now();
      const event = parseServerEvent(message.data);
      if (!event) return;
      if (event.type === 'ready') {
        this.attempt = 0;
        this.options.onStatus('open');
      }
      this.options.onEvent(event);
    };
    socket.onopen = () => {
      this.lastHeard = Date.now();
      this.startPing();
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.drop();
      this.options.onStatus('closed');
      if (event.code === chatSocketCloseCodes.sessionEnded) {
        this.running = false;
        this.options.onSessionEnded();
        return;
      }
      this.scheduleRetry();
    };
    socket.onerror = () => {
      // A close event follows; the retry is scheduled there.
    };
  }

  private startPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (!socket) return;
      if (Date.now() - this.lastHeard > PING_INTERVAL_MS + PING_TIMEOUT_MS) {
        // Nothing heard, not even the answer to the last ping: the connection is dead.
        socket.close(4000, 'no answer');
        socket.onclose?.({ code: 4000 });
        return;
      }
      try {
        socket.send(JSON.stringify({ type: 'ping' }));
      } catch {
        /* closing: the close event comes */
      }
    }, PING_INTERVAL_MS);
  }

  private drop(): void {
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(1000, 'bye');
    } catch {
      /* already closed */
    }
  }

  private scheduleRetry(): void {
    if (!this.running) return;
    const wait = reconnectDelay(this.attempt, this.options.random);
    this.attempt++;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }
}
