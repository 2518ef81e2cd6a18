import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import type { AttemptNotice } from './qr.service.ts';

/** The NOTIFY channel of QR check-in: `<teacher id>.<session id>` when a scan was recorded. */
export const qrChannel = 'qr';

/** Scans of one check-in within this long reach the teacher's screen as one update (300 scans in 10 s stay cheap). */
const gatherMs = 200;

/**
 * The projector's live count: each instance tells the teachers whose sockets it holds, over the chat socket, how many
 * students their check-in has accepted and refused, soon after each scan wherever it was made.
 */
export function createQrLive(deps: {
  hub: RealtimeHub;
  counts: (teacherId: number, sessionId: number) => Promise<{ accepted: number; refused: number } | null>;
  notify: (payload: string) => Promise<void>;
  onError: (err: unknown) => void;
}) {
  const pending = new Map<string, AttemptNotice>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush() {
    timer = undefined;
    const due = [...pending.values()];
    pending.clear();
    for (const { teacherId, sessionId } of due) {
      try {
        const counts = await deps.counts(teacherId, sessionId);
        if (counts) deps.hub.send(teacherId, { type: 'qr', sessionId, ...counts });
      } catch (err) {
        deps.onError(err);
      }
    }
  }

  return {
    /** Announces a recorded scan to every instance. Never throws. */
    publish(notice: AttemptNotice): void {
      deps.notify(`${notice.teacherId}.${notice.sessionId}`).catch(deps.onError);
    },
    /** A notice from any instance: the teacher hears of it if their socket is here. */
    receive(payload: string): void {
      const m = /^(\d+)\.(\d+)$/.exec(payload);
      if (!m) return;
      const notice = { teacherId: Number(m[1]), sessionId: Number(m[2]) };
      if (deps.hub.present([notice.teacherId]).length === 0) return;
      pending.set(payload, notice);
      timer ??= setTimeout(() => void flush(), gatherMs);
    },
    stop(): void {
      clearTimeout(timer);
      pending.clear();
    },
  };
}
