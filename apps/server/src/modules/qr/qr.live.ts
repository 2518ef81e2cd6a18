import type { RealtimeHub } from '../../lib/realtime-hub.ts';

/** A scan was recorded in this teacher's session (the live count on the projector follows). */
interface AttemptNotice {
  teacherId: number;
  sessionId: number;
}

/** Scans of one check-in within this long reach the teacher's screen as one update (300 scans in 10 s stay cheap). */
const gatherMs = 200;

/**
 * The projector's live count: each instance tells the teachers whose sockets it holds, over the chat socket, how many
 * students their check-in has accepted and refused, soon after each scan wherever it was made.
 */
export function createQrLive(deps: {
  hub: RealtimeHub;
  counts: (teacherId: number, sessionId: number) => Promise<{ accepted: number; refused: number } | null>;
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
    /** A scan recorded on any instance (topic `qr`, '<teacher id>.<session id>'): the teacher hears of it if their socket is here. */
    receive(payload: string | null): void {
      const m = /^(\d+)\.(\d+)$/.exec(payload ?? '');
      if (!m) return;
      const notice = { teacherId: Number(m[1]), sessionId: Number(m[2]) };
      if (deps.hub.present([notice.teacherId]).length === 0) return;
      pending.set(m[0], notice);
      timer ??= setTimeout(() => void flush(), gatherMs);
    },
    stop(): void {
      clearTimeout(timer);
      pending.clear();
    },
  };
}
