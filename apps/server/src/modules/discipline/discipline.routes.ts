import { currentHalfYear, currentYear } from '@okuu/contracts/discipline/current';
import { type Binding, bind } from '../../plugins/router.ts';
import type { MiscService } from '../misc/misc.service.ts';

export function disciplineRoutes(misc: MiscService): Binding[] {
  return [
    bind(currentHalfYear, async () => ({ ws: await misc.currentHalfYear() })),
    bind(currentYear, async () => misc.currentYear()),
  ];
}
