import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { idInput, idOrNew, lineField, localizedName, wholeNumber } from '../fields.ts';
import { decimalIn, timeInput } from './common.ts';

/** The bell schedule (lesson slots, Asia/Bishkek wall-clock times) and the rooms with their GPS place for check-in. */
export const campusLimits = { slotMax: 20, roomNumberMax: 20, capacityMax: 5000, radiusMin: 5, radiusMax: 2000 };

export const slotRow = z.object({ id: z.number(), number: z.number(), from: z.string(), to: z.string() });
export const roomRow = z.object({
  id: z.number(),
  buildingId: z.number(),
  building: z.string(),
  number: z.string(),
  capacity: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number(),
});
export type SlotRow = z.infer<typeof slotRow>;
export type RoomRow = z.infer<typeof roomRow>;

export const campusList = defineEndpoint({
  id: 'settings.campus',
  method: 'POST',
  path: '/api/staff/settings/campus.json',
  access: 'staff',
  summary:
    'The bell schedule (slots by number, HH:MM) and the rooms (building, number, seats, latitude, longitude, check-in radius in metres), with the buildings to choose from.',
  request: emptyRequest,
  response: z.object({
    slots: z.array(slotRow),
    rooms: z.array(roomRow),
    buildings: z.array(z.object({ id: z.number(), shortName: z.string(), ...localizedName })),
  }),
});

export const slotSave = defineEndpoint({
  id: 'settings.slotSave',
  method: 'POST',
  path: '/api/staff/settings/campus/slot.json',
  access: 'staff',
  audit: ['settings.slot'],
  summary: `Creates (\`id\` -1) or changes a lesson slot: \`number\` (1–${campusLimits.slotMax}, unique), \`from\` and \`to\` (HH:MM, the end after the start, overlapping no other slot).`,
  request: z
    .object({ id: idOrNew, number: wholeNumber(1, campusLimits.slotMax), from: timeInput, to: timeInput })
    .check(
      z.superRefine((v, ctx) => {
        if (v.to <= v.from) ctx.issues.push({ code: 'custom', message: 'after_start', path: ['to'], input: v.to });
      }),
    ),
  response: slotRow,
});

export const slotDelete = defineEndpoint({
  id: 'settings.slotDelete',
  method: 'POST',
  path: '/api/staff/settings/campus/slot-delete.json',
  access: 'staff',
  audit: ['settings.slotDelete'],
  summary: 'Deletes lesson slot `id`: only one no lesson of the timetable uses (409 in_use).',
  request: z.object({ id: idInput }),
  response: z.object({ deleted: z.boolean() }),
});

export const roomSave = defineEndpoint({
  id: 'settings.roomSave',
  method: 'POST',
  path: '/api/staff/settings/campus/room.json',
  access: 'staff',
  audit: ['settings.room'],
  summary: `Creates (\`id\` -1) or changes a room: \`id_building\`, \`number\` (unique in the building), \`capacity\` (seats), \`latitude\` and \`longitude\` (WGS 84 degrees of its entrance) and \`radius\` (${campusLimits.radiusMin}–${campusLimits.radiusMax} m): a QR check-in counts within it.`,
  request: z.object({
    id: idOrNew,
    id_building: idInput,
    number: lineField(campusLimits.roomNumberMax, true),
    capacity: wholeNumber(1, campusLimits.capacityMax),
    latitude: decimalIn(-90, 90),
    longitude: decimalIn(-180, 180),
    radius: wholeNumber(campusLimits.radiusMin, campusLimits.radiusMax),
  }),
  response: roomRow,
});

export const roomDelete = defineEndpoint({
  id: 'settings.roomDelete',
  method: 'POST',
  path: '/api/staff/settings/campus/room-delete.json',
  access: 'staff',
  audit: ['settings.roomDelete'],
  summary: 'Deletes room `id`: only one no lesson or check-in uses (409 in_use).',
  request: z.object({ id: idInput }),
  response: z.object({ deleted: z.boolean() }),
});
