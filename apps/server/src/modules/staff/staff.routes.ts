import { auditList } from '@okuu/contracts/staff/audit';
import {
  peopleOptions,
  peopleSearch,
  personBlock,
  personCreate,
  personDetails,
  personMove,
  personNewsPerms,
  personResetCredentials,
} from '@okuu/contracts/staff/people';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { RecordGroupMoves } from '../card/card.service.ts';
import { createStaffRepository } from './staff.repository.ts';
import type { StaffService } from './staff.service.ts';
import { createStaffService } from './staff.service.ts';

export function staffRoutes(service: StaffService): Binding[] {
  return [
    bind(peopleSearch, async ({ input }) =>
      service.search({ q: input.q, role: input.role, groupId: input.id_group, status: input.status }, input.page),
    ),
    bind(peopleOptions, async () => service.options()),
    bind(personDetails, async ({ input }) => service.person(input.id)),
    bind(personCreate, async ({ input }) => service.create(input)),
    bind(personMove, async ({ input }) => service.move(input.id, input.id_group)),
    bind(personNewsPerms, async ({ input }) => service.setNewsPerms(input.id, input.newsPerms)),
    bind(personBlock, async ({ input, user }) => service.setBlocked(user, input.id, input.blocked)),
    bind(personResetCredentials, async ({ input, user }) => service.resetCredentials(user, input.id)),
    bind(auditList, async ({ input }) =>
      service.audit(
        { actorId: input.id_actor, targetId: input.id_target, action: input.action, from: input.from, to: input.to },
        input.page,
      ),
    ),
  ];
}

/** Staff: people and the audit log. */
export function staffModule(p: Platform, recordGroupMoves: RecordGroupMoves) {
  const service = createStaffService({ repo: createStaffRepository(p.db, p.changes), recordGroupMoves });
  return { service, routes: staffRoutes(service) };
}
