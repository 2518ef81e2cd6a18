import {
  cardMine,
  cardPerson,
  correctionQueue,
  correctionSave,
  correctionStatus,
  correctionsMine,
} from '@okuu/contracts/card/card';
import { photoImage } from '@okuu/contracts/misc/photo';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createCardRepository } from './card.repository.ts';
import { type CardDeps, type CardService, createCardService, groupMovesRecorder } from './card.service.ts';

export function cardRoutes(service: CardService): Binding[] {
  return [
    bind(cardMine, async ({ user }) => service.mine(user)),
    bind(cardPerson, async ({ input, user }) => service.person(user, input.id)),
    bind(correctionsMine, async ({ user }) => service.myCorrections(user)),
    bind(correctionSave, async ({ input, user }) => service.report(user, input)),
    bind(correctionQueue, async ({ input }) => service.queue(input.status, input.page)),
    bind(correctionStatus, async ({ input, user }) => service.advance(user, input)),
  ];
}

/**
 * The group moves' recorder, made before the modules that move students (staff, the import): the card module owns
 * group_moves, and they write their moves through it within their own change.
 */
export function groupMovesOf(p: Platform) {
  return groupMovesRecorder(createCardRepository(p.db, p.changes));
}

/** The personal card: a person's record on one page, and the correction requests staff work. */
export function cardModule(p: Platform, deps: Omit<CardDeps, 'repo' | 'photoPath'>) {
  const service = createCardService({
    repo: createCardRepository(p.db, p.changes),
    photoPath: photoImage.path,
    ...deps,
  });
  return { service, routes: cardRoutes(service) };
}
