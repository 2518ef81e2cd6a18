import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import type { HomeService } from './home.service.ts';

/**
 * Home follows the changes its cards show. Each listener takes a topic's payload (any instance's change, after its
 * commit; null after a gap: anything may have changed) and names whom it concerns: those people's summaries are
 * dropped and their open tabs told (`{ type: 'home' }` over the socket) to fetch home again. `'everyone'` drops every
 * summary and tells no one (the change is common to many: a news item, the timetable); their next look is fresh.
 */
export type HomeConcern = (payload: string) => number[] | 'everyone';

/** The people a payload names: '<user id>' or 'u:<user id>'. */
export const onePerson: HomeConcern = (payload) => {
  const m = /^(?:u:)?(\d+)$/.exec(payload);
  return m ? [Number(m[1])] : 'everyone';
};

/** A `sessions` notice: 'u:<user id>' (an account changed: blocked, moved to another group); a session's own ends
 * ('s:…') change no one's home. */
export const accountPerson: HomeConcern = (payload) => {
  const m = /^u:(\d+)$/.exec(payload);
  return m ? [Number(m[1])] : [];
};

/** A chat notice (chat.notices.ts): a message's sender and recipients, or a read's reader and sender. */
export const chatPeople: HomeConcern = (payload) => {
  try {
    const n = JSON.parse(payload) as { k: string; u?: number[]; by?: number; from?: number };
    if (n.k === 'r') return [n.by, n.from].filter((id): id is number => typeof id === 'number');
    return Array.isArray(n.u) ? n.u : 'everyone';
  } catch {
    return 'everyone';
  }
};

/** A QR check-in notice ('<teacher id>.<session id>'): the teacher's lessons card shows whether it runs. */
export const qrTeacher: HomeConcern = (payload) => {
  const m = /^(\d+)\.\d+$/.exec(payload);
  return m ? [Number(m[1])] : 'everyone';
};

/** Everyone's summary may change (news, the timetable, the calendar, the journal). */
export const everyone: HomeConcern = () => 'everyone';

export function createHomeLive(deps: { home: Pick<HomeService, 'forget'>; hub: RealtimeHub }) {
  return {
    /** The listener of a topic whose payloads `concern` reads; `push` tells the people concerned. */
    listener(concern: HomeConcern, opts: { push: boolean }) {
      return (payload: string | null) => {
        const people = payload === null ? 'everyone' : concern(payload);
        if (people === 'everyone') {
          deps.home.forget();
          return;
        }
        for (const id of people) {
          deps.home.forget(id);
          if (opts.push) deps.hub.send(id, { type: 'home' });
        }
      };
    },
  };
}
