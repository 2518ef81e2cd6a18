import { roomsBook, roomsCancel, roomsFree, roomsMine, roomsStaffCancel, roomsWeek } from '@okuu/contracts/rooms/rooms';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createRoomsRepository } from './rooms.repository.ts';
import { createRoomsService, type RoomsService } from './rooms.service.ts';

export function roomsRoutes(service: RoomsService): Binding[] {
  return [
    bind(roomsFree, async ({ input }) => service.free(input)),
    bind(roomsWeek, async ({ input }) => service.week(input)),
    bind(roomsBook, async ({ input, user }) => service.book(user, input)),
    bind(roomsMine, async ({ input, user }) => service.mine(user, input)),
    bind(roomsCancel, async ({ input, user }) => service.cancel(user, input)),
    bind(roomsStaffCancel, async ({ input }) => service.staffCancel(input)),
  ];
}

/** Free rooms, a room's week, and teachers' one-off bookings. */
export function roomsModule(p: Platform) {
  const service = createRoomsService({ repo: createRoomsRepository(p.db, p.changes), now: p.now });
  return { service, routes: roomsRoutes(service) };
}
