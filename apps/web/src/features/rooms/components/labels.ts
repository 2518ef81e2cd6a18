import type { RoomSummary, RoomsSlot } from '@okuu/contracts/rooms/rooms';
import { formatNumber } from '../../../lib/format';

/** A room as the campus writes it: 'А-305'. */
export const roomLabel = (room: Pick<RoomSummary, 'number' | 'building'>) =>
  `${room.building.shortName}-${room.number}`;

/** A pair's parameters for the catalogue's texts: its number and bell times. */
export const slotParams = (slot: Pick<RoomsSlot, 'number' | 'start' | 'end'>) => ({
  number: formatNumber(slot.number),
  start: slot.start,
  end: slot.end,
});
