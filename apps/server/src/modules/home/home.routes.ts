import { homeSummary } from '@okuu/contracts/home/summary';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { HomeCardSet } from './home.cards.ts';
import { createHomeService, type HomeService } from './home.service.ts';

export function homeRoutes(service: HomeService): Binding[] {
  return [bind(homeSummary, async ({ user }) => service.summaryReply(user))];
}

/** Home: the summary of what needs the signed-in person today, from the cards the other modules contribute. */
export function homeModule(p: Platform, cards: HomeCardSet) {
  const service = createHomeService({ cards, now: p.now });
  return { service, routes: homeRoutes(service) };
}
