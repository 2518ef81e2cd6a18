import type { RealtimeHub } from '../../lib/realtime-hub.ts';

/**
 * The bell's live count: each instance tells the people whose sockets it holds their unread count, over the chat
 * socket (`{"type":"notifications","unread":n}`), whenever a change on any instance moved it.
 */
export function createNotificationsLive(deps: {
  hub: RealtimeHub;
  notifiedBy: (eventId: number) => Promise<number[]>;
  unreadCounts: (ids: readonly number[]) => Promise<Map<number, number>>;
  onError: (err: unknown) => void;
}) {
  const { hub } = deps;
  let queue: Promise<void> = Promise.resolve();

  async function tell(payload: string) {
    const m = /^([ue]):(\d+)$/.exec(payload);
    if (!m) return;
    const id = Number(m[2]);
    const people = m[1] === 'u' ? [id] : hub.present(await deps.notifiedBy(id));
    const here = hub.present(people);
    if (!here.length) return;
    const counts = await deps.unreadCounts(here);
    for (const [user, unread] of counts) hub.send(user, { type: 'notifications', unread });
  }

  return {
    /** An announcement of topic `notifications`, from any instance (null after a gap: sockets got 'ready' anew). */
    receive(payload: string | null): void {
      if (!payload) return;
      queue = queue.then(() => tell(payload)).catch(deps.onError);
    },
    idle: () => queue,
  };
}
