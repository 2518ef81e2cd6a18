import type { HomeJournalGap, HomeLesson } from '@okuu/contracts/home/summary';

/** The teacher's journal opened at a lesson's discipline, audience and kind (the journal screen's ?d&t&g&k). */
export function journalLink(l: Pick<HomeLesson | HomeJournalGap, 'id_discipline' | 'audience' | 'id_vid_zaniatiy'>) {
  const search = new URLSearchParams({
    d: String(l.id_discipline),
    t: l.audience.kind,
    g: String(l.audience.id),
    k: String(l.id_vid_zaniatiy),
  });
  return `/lms/journal?${search}`;
}

/** The projector screen of a lesson's QR check-in (it starts the check-in, or shows the one running). */
export const checkinLink = (lesson: Pick<HomeLesson, 'id'>) => `/lms/schedule/qr/${lesson.id}`;

/** The chat with a person open (the chat screen's ?to). */
export const chatLink = (personId: number) => `/lms/chat?to=${personId}`;
