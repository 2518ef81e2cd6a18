import { vi } from 'vitest';

type Listener = (event: ProgressEvent) => void;

class Target {
  private listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((l) => l !== listener),
    );
  }
  emit(type: string, init: { loaded?: number; total?: number } = {}) {
    const event = {
      type,
      loaded: init.loaded ?? 0,
      total: init.total ?? 0,
      lengthComputable: init.total !== undefined,
    } as ProgressEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** A stand-in for XMLHttpRequest that a test drives: progress, answer, network failure. */
export class FakeXhr extends Target {
  static last: FakeXhr | null = null;
  readonly upload = new Target();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }

  /** The upload has sent `loaded` of `total` bytes. */
  progress(loaded: number, total: number) {
    this.upload.emit('progress', { loaded, total });
  }
  /** The server answers with the envelope. */
  respond(status: number, envelope: unknown) {
    this.status = status;
    this.responseText = typeof envelope === 'string' ? envelope : JSON.stringify(envelope);
    this.emit('load');
  }
  fail() {
    this.emit('error');
  }
}

/** Replaces XMLHttpRequest with {@link FakeXhr} for this test. */
export function fakeXhr() {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return () => {
    if (!FakeXhr.last) throw new Error('No request was made');
    return FakeXhr.last;
  };
}
