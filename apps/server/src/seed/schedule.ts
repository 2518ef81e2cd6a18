import type { Db } from '../db/client.ts';
import { buildings, rooms, scheduleEntries, timeSlots, type WeekParity } from '../db/schema/schedule.ts';

/**
 * The demo timetable: one campus in Bishkek (four buildings), the bell schedule, and a week for every group made
 * from the teaching assignments of the current half-year, placed so that no teacher, room or audience is booked
 * twice (the database would refuse it anyway).
 */

/** The bell schedule: 80-minute lessons ("пары"), a lunch break after the third. Asia/Bishkek wall-clock times. */
export const demoTimeSlots = [
  { number: 1, startsAt: '08:00', endsAt: '09:20' },
  { number: 2, startsAt: '09:30', endsAt: '10:50' },
  { number: 3, startsAt: '11:00', endsAt: '12:20' },
  { number: 4, startsAt: '13:00', endsAt: '14:20' },
  { number: 5, startsAt: '14:30', endsAt: '15:50' },
  { number: 6, startsAt: '16:00', endsAt: '17:20' },
  { number: 7, startsAt: '17:30', endsAt: '18:50' },
] as const;

/** The campus: buildings around 42.8765 N, 74.6050 E (the centre of Bishkek), each with its entrance's coordinates. */
const campus = [
  {
    shortName: 'А',
    name: 'Главный корпус',
    nameKg: 'Башкы корпус',
    nameEn: 'Main Building',
    address: 'Бишкек, ул. Токтогула, 125',
    latitude: 42.87652,
    longitude: 74.60503,
  },
  {
    shortName: 'Б',
    name: 'Учебный корпус Б',
    nameKg: 'Б окуу корпусу',
    nameEn: 'Teaching Building B',
    address: 'Бишкек, ул. Токтогула, 127',
    latitude: 42.87611,
    longitude: 74.60702,
  },
  {
    shortName: 'В',
    name: 'Лабораторный корпус',
    nameKg: 'Лабораториялык корпус',
    nameEn: 'Laboratory Building',
    address: 'Бишкек, ул. Уметалиева, 14',
    latitude: 42.87731,
    longitude: 74.60611,
  },
  {
    shortName: 'Г',
    name: 'Корпус гуманитарных наук',
    nameKg: 'Гуманитардык илимдер корпусу',
    nameEn: 'Humanities Building',
    address: 'Бишкек, ул. Уметалиева, 16',
    latitude: 42.87769,
    longitude: 74.60398,
  },
] as const;

type RoomKind = 'hall' | 'seminar' | 'lab';

export interface ScheduleSeedInput {
  year: number;
  kind: number;
  groups: { id: number; size: number; partTime: boolean }[];
  subgroups: { id: number; groupId: number; size: number }[];
  streams: Map<number, number[]>;
  /** The teaching assignments of the current half-year, with their ids. */
  assignments: {
    id: number;
    teacherId: number;
    disciplineId: number;
    lessonKindId: number;
    groupId: number | null;
    streamId: number | null;
    subgroupId: number | null;
    credits: number;
  }[];
}

interface Room {
  id: number;
  kind: RoomKind;
  capacity: number;
}

interface Lesson {
  assignment: ScheduleSeedInput['assignments'][number];
  audience: { groupId: number | null; subgroupId: number | null; streamId: number | null };
  /** The groups it reaches, each whole (0) or one subgroup. */
  reaches: { groupId: number; subgroupId: number }[];
  size: number;
  parity: WeekParity;
  roomKind: RoomKind;
  /** Part-time groups study in the evening. */
  evening: boolean;
  /** Lessons placed together: the other half of a split (same slot and room, the other parity). */
  partner?: Lesson;
}

const weeksOf: Record<WeekParity, number[]> = { every: [1, 2], odd: [1], even: [2] };
const lecture = 1;
const laboratory = 3;

/**
 * Rooms enough for the university's size: lecture halls for streams (and, in a large university, assembly halls for
 * its largest streams), seminar rooms for groups, laboratories.
 */
function planRooms(groupCount: number, streamSizes: number[]) {
  const plan: { buildingIndex: number; number: string; kind: RoomKind; capacity: number }[] = [];
  const perFloor = new Map<string, number>();
  const add = (kind: RoomKind, capacity: number, i: number) => {
    // Halls on the ground floors of A and Б, laboratories in В, seminar rooms everywhere.
    const buildingIndex = kind === 'hall' ? i % 2 : kind === 'lab' ? 2 : i % campus.length;
    const floor = kind === 'hall' ? 1 + (Math.floor(i / 2) % 2) : 1 + (Math.floor(i / campus.length) % 5);
    const key = `${buildingIndex}/${floor}`;
    const n = (perFloor.get(key) ?? 0) + 1;
    perFloor.set(key, n);
    plan.push({ buildingIndex, number: `${floor}${String(n).padStart(2, '0')}`, kind, capacity });
  };
  const halls = 4 + Math.ceil(streamSizes.length * 0.6);
  const seminars = 10 + Math.ceil(groupCount * 0.6);
  const labs = 4 + Math.ceil(groupCount * 0.2);
  const largest = Math.max(0, ...streamSizes);
  const assemblyHalls = largest > 200 ? Math.ceil(streamSizes.filter((n) => n > 200).length / 3) : 0;
  for (let i = 0; i < halls; i++) add('hall', [150, 120, 90, 200][i % 4] as number, i);
  for (let i = 0; i < assemblyHalls; i++) add('hall', Math.ceil(largest / 50) * 50, halls + i);
  for (let i = 0; i < seminars; i++) add('seminar', [30, 36, 28, 40][i % 4] as number, i);
  for (let i = 0; i < labs; i++) add('lab', [16, 18, 20][i % 3] as number, i);
  return plan;
}

export async function seedSchedule(db: Db, input: ScheduleSeedInput): Promise<{ rooms: number; lessons: number }> {
  await db.insert(buildings).values(
    campus.map((b, i) => ({
      id: i + 1,
      shortName: b.shortName,
      name: b.name,
      nameKg: b.nameKg,
      nameEn: b.nameEn,
      address: b.address,
    })),
  );
  await db.insert(timeSlots).values(demoTimeSlots.map((s) => ({ id: s.number, ...s })));

  const sizeOf = new Map(input.groups.map((g) => [g.id, g.size]));
  const streamSizes = [...input.streams.values()].map((ids) => ids.reduce((n, id) => n + (sizeOf.get(id) ?? 0), 0));
  const roomPlan = planRooms(input.groups.length, streamSizes);
  const roomRows = roomPlan.map((r, i) => {
    const building = campus[r.buildingIndex] as (typeof campus)[number];
    // A few metres apart within the building, so each room has its own point.
    const floorShift = (Number(r.number.slice(-2)) % 10) * 0.00002;
    return {
      id: i + 1,
      buildingId: r.buildingIndex + 1,
      number: r.number,
      capacity: r.capacity,
      latitude: Number((building.latitude + floorShift).toFixed(6)),
      longitude: Number((building.longitude - floorShift).toFixed(6)),
      checkinRadiusM: r.kind === 'hall' ? 80 : 60,
    };
  });
  for (let i = 0; i < roomRows.length; i += 1000) await db.insert(rooms).values(roomRows.slice(i, i + 1000));
  const allRooms: Room[] = roomRows.map((r, i) => ({
    id: r.id,
    kind: (roomPlan[i] as { kind: RoomKind }).kind,
    capacity: r.capacity,
  }));

  const lessons = planLessons(input);
  const entries = placeLessons(lessons, allRooms, input);
  for (let i = 0; i < entries.length; i += 1000) {
    await db.insert(scheduleEntries).values(entries.slice(i, i + 1000));
  }
  return { rooms: roomRows.length, lessons: entries.length };
}

/**
 * The lessons of a week from the teaching assignments. A lecture: every week from 4 credits, else every other week
 * (odd and even in turn). A practice: every week, and from 5 credits a second one for each subgroup in turn (the
 * first on odd weeks, the second on even weeks). A laboratory: each subgroup every other week, in turn.
 */
function planLessons(input: ScheduleSeedInput): Lesson[] {
  const groupById = new Map(input.groups.map((g) => [g.id, g]));
  const subgroupsOf = new Map<number, { id: number; size: number }[]>();
  for (const s of input.subgroups) subgroupsOf.set(s.groupId, [...(subgroupsOf.get(s.groupId) ?? []), s]);
  const lessons: Lesson[] = [];
  let fortnightly = 0;

  for (const a of input.assignments) {
    const groupIds = a.streamId ? (input.streams.get(a.streamId) ?? []) : a.groupId ? [a.groupId] : [];
    const groups = groupIds.map((id) => groupById.get(id)).filter((g) => g !== undefined);
    if (groups.length === 0) continue;
    const evening = groups.some((g) => g.partTime);
    const whole = {
      assignment: a,
      audience: { groupId: a.streamId ? null : a.groupId, subgroupId: null, streamId: a.streamId },
      reaches: groups.map((g) => ({ groupId: g.id, subgroupId: 0 })),
      size: groups.reduce((n, g) => n + g.size, 0),
      evening,
    };
    const split = (roomKind: RoomKind) => {
      const halves = (subgroupsOf.get(groups[0]?.id ?? 0) ?? []).slice(0, 2);
      if (halves.length < 2) return;
      const [first, second] = halves.map(
        (s, i): Lesson => ({
          ...whole,
          audience: { groupId: null, subgroupId: s.id, streamId: null },
          reaches: [{ groupId: groups[0]?.id ?? 0, subgroupId: s.id }],
          size: s.size,
          parity: i === 0 ? 'odd' : 'even',
          roomKind,
        }),
      ) as [Lesson, Lesson];
      first.partner = second;
      lessons.push(first);
    };

    if (a.lessonKindId === lecture) {
      const parity: WeekParity = a.credits >= 4 ? 'every' : fortnightly++ % 2 === 0 ? 'odd' : 'even';
      lessons.push({ ...whole, parity, roomKind: 'hall' });
    } else if (a.lessonKindId === laboratory) {
      split('lab');
    } else {
      lessons.push({ ...whole, parity: 'every', roomKind: whole.size > 40 ? 'hall' : 'seminar' });
      if (a.credits >= 5 && !a.streamId) split('seminar');
    }
  }
  // Big audiences first (a stream's lecture is the hardest to fit), then every-week lessons.
  return lessons.sort(
    (x, y) => y.reaches.length - x.reaches.length || Number(y.parity === 'every') - Number(x.parity === 'every'),
  );
}

/** Places every lesson greedily in the first free day and slot that keeps each group's days even and compact. */
function placeLessons(lessons: Lesson[], allRooms: Room[], input: ScheduleSeedInput) {
  const busy = new Set<string>();
  /** Per group, day and slot: the subgroups busy then (0: the whole group). */
  const groupBusy = new Map<string, Set<number>>();
  const groupDayLoad = new Map<string, number>();
  const roomsByKind = new Map<RoomKind, Room[]>();
  for (const kind of ['hall', 'seminar', 'lab'] as const) {
    roomsByKind.set(
      kind,
      allRooms.filter((r) => r.kind === kind).sort((a, b) => a.capacity - b.capacity),
    );
  }

  const audienceFree = (l: Lesson, day: number, slot: number) =>
    l.reaches.every(({ groupId, subgroupId }) =>
      weeksOf[l.parity].every((w) => {
        const taken = groupBusy.get(`${groupId}|${day}|${slot}|${w}`);
        if (!taken || taken.size === 0) return true;
        return subgroupId !== 0 && !taken.has(0) && !taken.has(subgroupId);
      }),
    );
  const free = (key: string, parity: WeekParity, day: number, slot: number) =>
    weeksOf[parity].every((w) => !busy.has(`${key}|${day}|${slot}|${w}`));
  const take = (l: Lesson, day: number, slot: number, roomId: number) => {
    for (const w of weeksOf[l.parity]) {
      busy.add(`t${l.assignment.teacherId}|${day}|${slot}|${w}`);
      busy.add(`r${roomId}|${day}|${slot}|${w}`);
      for (const { groupId, subgroupId } of l.reaches) {
        const key = `${groupId}|${day}|${slot}|${w}`;
        groupBusy.set(key, (groupBusy.get(key) ?? new Set()).add(subgroupId));
      }
    }
    for (const { groupId } of l.reaches) {
      const key = `${groupId}|${day}`;
      groupDayLoad.set(key, (groupDayLoad.get(key) ?? 0) + (l.parity === 'every' ? 2 : 1));
    }
  };
  /** The rooms of a kind that hold an audience of this size (asked for again and again: kept). */
  const fitting = new Map<string, Room[]>();
  const roomsFor = (kind: RoomKind, size: number) => {
    const key = `${kind}/${size}`;
    let list = fitting.get(key);
    if (!list) {
      list = (roomsByKind.get(kind) ?? []).filter((r) => r.capacity >= size);
      fitting.set(key, list);
    }
    return list;
  };
  /**
   * A free room of the lesson's kind (else a larger kind) that holds its audience; each teacher starts the search at
   * a room of their own, so that rooms vary across the campus and a teacher's lessons tend to stay in one place.
   */
  const roomFor = (l: Lesson, day: number, slot: number, also?: Lesson) => {
    const kinds: RoomKind[] =
      l.roomKind === 'hall'
        ? ['hall', 'seminar']
        : l.roomKind === 'lab'
          ? ['lab', 'seminar', 'hall']
          : ['seminar', 'hall'];
    for (const kind of kinds) {
      const list = roomsFor(kind, l.size);
      for (let i = 0; i < list.length; i++) {
        const room = list[(i + l.assignment.teacherId) % list.length] as Room;
        if (!free(`r${room.id}`, l.parity, day, slot)) continue;
        if (also && !free(`r${room.id}`, also.parity, day, slot)) continue;
        return room;
      }
    }
    return undefined;
  };

  const entries: (typeof scheduleEntries.$inferInsert)[] = [];
  const record = (l: Lesson, day: number, slot: number, roomId: number) => {
    take(l, day, slot, roomId);
    entries.push({
      teachingAssignmentId: l.assignment.id,
      academicYearId: input.year,
      halfYearKind: input.kind,
      teacherId: l.assignment.teacherId,
      disciplineId: l.assignment.disciplineId,
      lessonKindId: l.assignment.lessonKindId,
      ...l.audience,
      dayNumber: day,
      timeSlotId: slot,
      weekParity: l.parity,
      roomId,
    });
  };

  for (const l of lessons) {
    const days = [1, 2, 3, 4, 5, ...(l.evening ? [6] : [])];
    const slots = l.evening ? [5, 6, 7] : [1, 2, 3, 4, 5, 6];
    const candidates: { day: number; slot: number; score: number }[] = [];
    for (const day of days) {
      const load = Math.max(...l.reaches.map(({ groupId }) => groupDayLoad.get(`${groupId}|${day}`) ?? 0));
      for (const slot of slots) {
        // Lighter days first; within a day, right after the group's earlier lessons (no gaps), early slots first.
        const before = l.reaches.every(({ groupId }) =>
          slot === slots[0]
            ? true
            : groupBusy.has(`${groupId}|${day}|${slot - 1}|1`) || groupBusy.has(`${groupId}|${day}|${slot - 1}|2`),
        );
        candidates.push({ day, slot, score: load * 10 + (before ? 0 : 5) + slot - (slots[0] as number) });
      }
    }
    candidates.sort((a, b) => a.score - b.score || a.day - b.day || a.slot - b.slot);
    for (const { day, slot } of candidates) {
      const partner = l.partner;
      if (!free(`t${l.assignment.teacherId}`, l.parity, day, slot) || !audienceFree(l, day, slot)) continue;
      if (
        partner &&
        (!free(`t${partner.assignment.teacherId}`, partner.parity, day, slot) || !audienceFree(partner, day, slot))
      )
        continue;
      const room = roomFor(l, day, slot, partner);
      if (!room) continue;
      record(l, day, slot, room.id);
      if (partner) record(partner, day, slot, room.id);
      break;
    }
  }
  return entries;
}
