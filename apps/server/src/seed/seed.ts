import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { studentProfiles, teacherProfiles } from '../db/schema/profiles.ts';
import { settings } from '../db/schema/settings.ts';
import * as u from '../db/schema/university.ts';
import { countries, educationLevels, nationalities, positions, users } from '../db/schema/users.ts';
import { academicYearName, academicYearOf } from '../lib/academic-calendar.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Storage } from '../lib/storage.ts';
import * as catalog from './catalog.ts';
import { seedChat } from './chat.ts';
import { seedGrading } from './grading.ts';
import { seedJournal } from './journal.ts';
import { seedLibrary } from './library.ts';
import { demoLogoPng } from './logo.ts';
import * as names from './names.ts';
import { seedNews } from './news.ts';
import { seedPayments } from './payment.ts';
import { seedRegistration } from './registration.ts';
import { seedSchedule } from './schedule.ts';
import { seedOrders } from './single-window.ts';
import { seedFinalResults } from './transcript.ts';

export const demoPassword = 'Okuu2026!';

export interface SeedOptions {
  /** How many students (the demo accounts included). */
  students: number;
  /** The random seed: the same seed and size give the same data. */
  seed?: number;
  now?: Date;
}

export interface SeedResult {
  password: string;
  accounts: { login: string; description: string }[];
  counts: Record<string, number>;
}

/** A small, fast, seedable generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

type Rng = ReturnType<typeof random>;

function person(rng: Rng, birthYear: number) {
  const female = rng.next() < 0.5;
  const kyrgyz = rng.next() < 0.8;
  const first = rng.pick(
    kyrgyz ? (female ? names.kyrgyzFemale : names.kyrgyzMale) : female ? names.russianFemale : names.russianMale,
  );
  const surname = rng.pick(kyrgyz ? names.kyrgyzSurnames : names.russianSurnames);
  const father = rng.pick(kyrgyz ? names.kyrgyzMale : names.russianMale);
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  const birthDate = `${birthYear}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return {
    lastName: female ? names.feminineSurname(surname) : surname,
    firstName: first,
    patronymic: names.patronymic(father, female),
    gender: (female ? 'female' : 'male') as 'male' | 'female',
    birthDate,
    // Ids of the catalogue's rows (seeded in its order, from 1): Kyrgyz or Russian, citizens of the Kyrgyz Republic.
    nationalityId: kyrgyz ? 1 : 2,
    citizenshipId: 1,
    taxId: `${female ? 1 : 2}${String(day).padStart(2, '0')}${String(month).padStart(2, '0')}${birthYear}${String(rng.int(0, 99999)).padStart(5, '0')}`,
    phone: `+996 7${rng.int(0, 9)}${rng.int(0, 9)} ${String(rng.int(0, 999)).padStart(3, '0')} ${String(rng.int(0, 999)).padStart(3, '0')}`,
  };
}

async function insertChunked(db: Db, table: PgTable, rows: Record<string, unknown>[], size = 1000) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never);
  }
}

const serialTables = [
  'faculties',
  'departments',
  'specialities',
  'groups',
  'subgroups',
  'streams',
  'half_years',
  'positions',
  'nationalities',
  'countries',
  'education_levels',
  'semesters',
  'disciplines',
  'examination_types',
  'lesson_kinds',
  'curriculum',
  'teaching_assignments',
  'registrations',
  'users',
  'buildings',
  'rooms',
  'time_slots',
  'schedule_entries',
];

/** Fills an empty database with a demo university. Returns null when there is data already. */
export async function seedIfEmpty(db: Db, storage: Storage, options: SeedOptions): Promise<SeedResult | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return null;
    // Files are written through the transaction too (the database storage): they commit with the rows.
    return seed(tx as unknown as Db, storage.within(tx as unknown as Db), options);
  });
}

async function seed(db: Db, storage: Storage, options: SeedOptions): Promise<SeedResult> {
  const rng = random(options.seed ?? 2026);
  const now = options.now ?? new Date();
  const currentYear = academicYearOf(now);
  const month = now.getUTCMonth();
  const currentKind =
    month >= 8 || month === 0 ? u.halfYearKinds.fall : month <= 5 ? u.halfYearKinds.spring : u.halfYearKinds.summer;
  const passwordHash = await hashPassword(demoPassword);

  // Calendar
  const years = Array.from({ length: 6 }, (_, i) => currentYear - 4 + i);
  await insertChunked(
    db,
    u.academicYears,
    years.map((y) => ({ id: y, name: academicYearName(y), startsOn: `${y}-09-01`, endsOn: `${y + 1}-08-31` })),
  );
  const halfYearRows = years.flatMap((y, i) => [
    { id: i * 3 + 1, academicYearId: y, kind: 1, startsOn: `${y}-09-01`, endsOn: `${y + 1}-01-31` },
    { id: i * 3 + 2, academicYearId: y, kind: 2, startsOn: `${y + 1}-02-01`, endsOn: `${y + 1}-06-30` },
    { id: i * 3 + 3, academicYearId: y, kind: 3, startsOn: `${y + 1}-07-01`, endsOn: `${y + 1}-08-31` },
  ]);
  await insertChunked(db, u.halfYears, halfYearRows);
  const semesterRows = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    number: i + 1,
    name: `${i + 1} семестр`,
    nameKg: `${i + 1}-семестр`,
    nameEn: `Semester ${i + 1}`,
  }));
  await insertChunked(db, u.semesters, semesterRows);
  await insertChunked(
    db,
    u.examinationTypes,
    catalog.examinationTypes.map((e, i) => ({ id: i + 1, ...e })),
  );
  await insertChunked(
    db,
    u.lessonKinds,
    catalog.lessonKinds.map((k, i) => ({ id: i + 1, ...k })),
  );
  // People's reference values (ids from 1, in the catalogue's order).
  for (const [table, rows] of [
    [positions, catalog.positions],
    [nationalities, catalog.nationalities],
    [countries, catalog.countries],
    [educationLevels, catalog.educationLevels],
  ] as const) {
    await insertChunked(
      db,
      table,
      rows.map((row, i) => ({ id: i + 1, ...row })),
    );
  }

  // Structure
  const facultyRows: Record<string, unknown>[] = [];
  const departmentRows: { id: number; facultyId: number; name: string; nameKg: string; nameEn: string }[] = [];
  const specialityRows: {
    id: number;
    departmentId: number;
    code: string;
    short: string;
    name: string;
    nameKg: string;
    nameEn: string;
  }[] = [];
  const disciplineRows: {
    id: number;
    code: string;
    departmentId: number;
    name: string;
    nameKg: string;
    nameEn: string;
  }[] = [];
  catalog.faculties.forEach((f, fi) => {
    facultyRows.push({ id: fi + 1, name: f.name, nameKg: f.nameKg, nameEn: f.nameEn, shortName: f.shortName });
    for (const d of f.departments) {
      const departmentId = departmentRows.length + 1;
      departmentRows.push({ id: departmentId, facultyId: fi + 1, name: d.name, nameKg: d.nameKg, nameEn: d.nameEn });
      for (const s of d.specialities) specialityRows.push({ id: specialityRows.length + 1, departmentId, ...s });
      for (const disc of d.disciplines) {
        const id = disciplineRows.length + 1;
        disciplineRows.push({ id, code: `D${String(id).padStart(3, '0')}`, departmentId, ...disc });
      }
    }
  });
  await insertChunked(db, u.faculties, facultyRows);
  await insertChunked(db, u.departments, departmentRows);
  await insertChunked(
    db,
    u.specialities,
    specialityRows.map(({ short: _s, ...rest }) => rest),
  );
  await insertChunked(db, u.disciplines, disciplineRows);

  // Curriculum: each speciality, semesters 1–8, three disciplines of its department and two of others.
  const curriculumRows: {
    id: number;
    specialityId: number;
    semesterId: number;
    disciplineId: number;
    credits: number;
    examinationTypeId: number;
    isElective: boolean;
  }[] = [];
  for (const s of specialityRows) {
    const own = disciplineRows.filter((d) => d.departmentId === s.departmentId);
    const other = disciplineRows.filter((d) => d.departmentId !== s.departmentId);
    for (let sem = 1; sem <= 8; sem++) {
      const chosen = new Set<number>();
      while (chosen.size < 3)
        chosen.add((own[(sem + chosen.size + rng.int(0, own.length)) % own.length] as { id: number }).id);
      while (chosen.size < 5) chosen.add(rng.pick(other).id);
      let k = 0;
      for (const disciplineId of chosen) {
        curriculumRows.push({
          id: curriculumRows.length + 1,
          specialityId: s.id,
          semesterId: sem,
          disciplineId,
          credits: rng.int(3, 6),
          examinationTypeId: k === 0 ? 1 : rng.int(1, 4),
          isElective: k === 4 && sem >= 3,
        });
        k++;
      }
    }
  }
  await insertChunked(db, u.curriculum, curriculumRows);

  // Groups: about 25 students each, spread over specialities and the four years of study.
  const groupCount = Math.max(1, Math.ceil(options.students / 25));
  const groupRows: {
    id: number;
    specialityId: number;
    name: string;
    studyForm: 'full_time' | 'part_time';
    admissionYear: number;
    semester: number;
  }[] = [];
  const perName = new Map<string, number>();
  for (let g = 0; g < groupCount; g++) {
    const speciality = specialityRows[g % specialityRows.length] as (typeof specialityRows)[number];
    // The demo group (student1, student2) is in its second year, so that its students have a transcript all year.
    const course = g === 0 ? 1 : (Math.floor(g / specialityRows.length) + g) % 4;
    const admissionYear = currentYear - course;
    const partTime = g % 6 === 5;
    const key = `${speciality.short}-${admissionYear}`;
    const n = (perName.get(key) ?? 0) + 1;
    perName.set(key, n);
    const semester = Math.min(8, course * 2 + (currentKind === u.halfYearKinds.fall ? 1 : 2));
    groupRows.push({
      id: g + 1,
      specialityId: speciality.id,
      name: `${speciality.short}-${n}-${String(admissionYear % 100).padStart(2, '0')}${partTime ? 'з' : ''}`,
      studyForm: partTime ? 'part_time' : 'full_time',
      admissionYear,
      semester,
    });
  }
  await insertChunked(
    db,
    u.groups,
    groupRows.map(({ semester: _s, ...rest }) => rest),
  );

  // Streams: groups of one speciality, year and form of study attend lectures together.
  const streamMembers = new Map<string, number[]>();
  for (const g of groupRows) {
    const key = `${g.specialityId}/${g.admissionYear}/${g.studyForm}`;
    streamMembers.set(key, [...(streamMembers.get(key) ?? []), g.id]);
  }
  const streamOf = new Map<number, number>();
  const streamRows: { id: number; name: string; nameKg: string; nameEn: string }[] = [];
  const streamGroupRows: { streamId: number; groupId: number }[] = [];
  for (const ids of streamMembers.values()) {
    if (ids.length < 2) continue;
    const first = groupRows[(ids[0] as number) - 1] as (typeof groupRows)[number];
    const id = streamRows.length + 1;
    const code = first.name.replace(/-\d+-/, '-');
    streamRows.push({ id, name: `Поток ${code}`, nameKg: `${code} агымы`, nameEn: `Stream ${code}` });
    for (const groupId of ids) {
      streamGroupRows.push({ streamId: id, groupId });
      streamOf.set(groupId, id);
    }
  }
  await insertChunked(db, u.streams, streamRows);
  await insertChunked(db, u.streamGroups, streamGroupRows);

  // People. Teachers first (teacher1 and teacher2 in the first department), then students, newstudent, staff.
  const teacherCount = Math.max(30, Math.ceil(options.students / 10));
  const [higherEducation, secondaryEducation] = [1, 2];
  const userRows: Record<string, unknown>[] = [];
  const teacherRows: { userId: number; departmentId: number; positionId: number }[] = [];
  const teachersByDepartment = new Map<number, number[]>();
  for (let t = 0; t < teacherCount; t++) {
    const id = userRows.length + 1;
    const departmentId = t < 2 ? 1 : (t % departmentRows.length) + 1;
    userRows.push({
      id,
      login: `teacher${t + 1}`,
      passwordHash,
      role: 1,
      newsPerms: t === 0,
      educationId: higherEducation,
      ...person(rng, rng.int(1960, 1995)),
    });
    // teacher1 is a 'Доцент' (the third position).
    teacherRows.push({ userId: id, departmentId, positionId: t === 0 ? 3 : rng.int(1, catalog.positions.length) });
    teachersByDepartment.set(departmentId, [...(teachersByDepartment.get(departmentId) ?? []), id]);
  }
  const [teacher1, teacher2] = [1, 2];

  const studentRows: { userId: number; groupId: number; recordBook: string }[] = [];
  const membersOf = new Map<number, number[]>();
  const addStudent = (login: string, groupId: number, extra: Record<string, unknown> = {}) => {
    const id = userRows.length + 1;
    const group = groupRows[groupId - 1] as (typeof groupRows)[number];
    userRows.push({
      id,
      login,
      passwordHash,
      role: 2,
      educationId: secondaryEducation,
      ...person(rng, group.admissionYear - 18),
      ...extra,
    });
    studentRows.push({ userId: id, groupId, recordBook: `${group.admissionYear}${String(id).padStart(6, '0')}` });
    membersOf.set(groupId, [...(membersOf.get(groupId) ?? []), id]);
  };
  for (let s = 0; s < options.students - 1; s++) {
    // student1 and student2 share the first group; the rest fill the groups in turn.
    addStudent(`student${s + 1}`, s < 2 ? 1 : (s % groupCount) + 1);
  }
  addStudent('newstudent', 1, { mustChangeCredentials: true });
  const staffId = userRows.length + 1;
  userRows.push({
    id: staffId,
    login: 'staff1',
    passwordHash,
    role: 3,
    educationId: higherEducation,
    ...person(rng, 1985),
  });

  await insertChunked(db, users, userRows);
  await insertChunked(db, teacherProfiles, teacherRows);
  await insertChunked(db, studentProfiles, studentRows);

  // Subgroups: two halves of each group.
  const subgroupRows: { id: number; groupId: number; name: string }[] = [];
  const subgroupMemberRows: { subgroupId: number; studentId: number }[] = [];
  for (const g of groupRows) {
    const members = membersOf.get(g.id) ?? [];
    const half = Math.ceil(members.length / 2);
    for (const [k, part] of [members.slice(0, half), members.slice(half)].entries()) {
      const id = subgroupRows.length + 1;
      subgroupRows.push({ id, groupId: g.id, name: `${g.name}/${k + 1}` });
      for (const studentId of part) subgroupMemberRows.push({ subgroupId: id, studentId });
    }
  }
  await insertChunked(db, u.subgroups, subgroupRows);
  await insertChunked(db, u.subgroupMembers, subgroupMemberRows);

  // Teaching assignments of the current half-year and the students' registrations.
  const assignmentRows: Record<string, unknown>[] = [];
  const registrationRows: Record<string, unknown>[] = [];
  // The lecture of each stream (or group) and discipline: its teacher and its assignment's id.
  const lectureOfStream = new Map<string, { teacher: number; id: number }>();
  const pickTeacher = (departmentId: number, salt: number, groupId: number) => {
    if (groupId === 1) return teacher1; // the demo group is taught by teacher1
    const pool = (teachersByDepartment.get(departmentId) ?? [teacher2]).filter((t) => t !== teacher1);
    return pool[salt % pool.length] as number;
  };
  for (const g of groupRows) {
    const plan = curriculumRows.filter((c) => c.specialityId === g.specialityId && c.semesterId === g.semester);
    const streamId = streamOf.get(g.id) ?? null;
    plan.forEach((c, ci) => {
      const discipline = disciplineRows[c.disciplineId - 1] as (typeof disciplineRows)[number];
      const base = {
        academicYearId: currentYear,
        halfYearKind: currentKind,
        semesterId: c.semesterId,
        disciplineId: c.disciplineId,
        credits: c.credits,
      };
      // Lecture: once per stream (or per group without a stream).
      const streamKey = `${streamId ?? `g${g.id}`}/${c.disciplineId}`;
      let lecture = lectureOfStream.get(streamKey);
      if (lecture === undefined) {
        lecture = { teacher: pickTeacher(discipline.departmentId, g.id + ci, g.id), id: assignmentRows.length + 1 };
        lectureOfStream.set(streamKey, lecture);
        assignmentRows.push({
          ...base,
          teacherId: lecture.teacher,
          groupId: streamId ? null : g.id,
          streamId,
          lessonKindId: 1,
        });
      }
      const practitioner = pickTeacher(discipline.departmentId, g.id + ci + 1, g.id);
      assignmentRows.push({ ...base, teacherId: practitioner, groupId: g.id, streamId: null, lessonKindId: 2 });
      if (g.id === 2 && ci === 0)
        assignmentRows.push({ ...base, teacherId: teacher2, groupId: g.id, streamId: null, lessonKindId: 3 });
      for (const studentId of membersOf.get(g.id) ?? []) {
        registrationRows.push({
          studentId,
          ...base,
          teacherId: lecture.teacher,
          lessonKindId: 1,
          examinationTypeId: c.examinationTypeId,
          isElective: c.isElective,
          offeringId: lecture.id,
        });
      }
    });
  }
  const assignments = assignmentRows.map((r, i) => ({ id: i + 1, ...r }));
  await insertChunked(db, u.teachingAssignments, assignments);
  await insertChunked(
    db,
    u.registrations,
    registrationRows.map((r, i) => ({ id: i + 1, ...r })),
    2000,
  );

  // The campus, the bell schedule and every group's week.
  const subgroupSize = new Map<number, number>();
  for (const m of subgroupMemberRows) subgroupSize.set(m.subgroupId, (subgroupSize.get(m.subgroupId) ?? 0) + 1);
  const streamGroupIds = new Map<number, number[]>();
  for (const r of streamGroupRows)
    streamGroupIds.set(r.streamId, [...(streamGroupIds.get(r.streamId) ?? []), r.groupId]);
  const schedule = await seedSchedule(db, {
    year: currentYear,
    kind: currentKind,
    groups: groupRows.map((g) => ({
      id: g.id,
      size: membersOf.get(g.id)?.length ?? 0,
      partTime: g.studyForm === 'part_time',
    })),
    subgroups: subgroupRows.map((sg) => ({
      id: sg.id,
      groupId: sg.groupId,
      size: subgroupSize.get(sg.id) ?? 0,
    })),
    streams: streamGroupIds,
    assignments: assignments as Parameters<typeof seedSchedule>[1]['assignments'],
  });

  // Registration: the half-year's window, seats for every assignment, electives and who may take them.
  const current = halfYearRows.find((h) => h.academicYearId === currentYear && h.kind === currentKind);
  const registration = await seedRegistration(db, {
    year: currentYear,
    kind: currentKind,
    startsOn: current?.startsOn as string,
    endsOn: current?.endsOn as string,
    groups: groupRows.map((g) => ({
      id: g.id,
      specialityId: g.specialityId,
      semester: g.semester,
      size: membersOf.get(g.id)?.length ?? 0,
    })),
    streamSizes: new Map(
      [...streamGroupIds].map(([id, groupIds]) => [
        id,
        groupIds.reduce((n, groupId) => n + (membersOf.get(groupId)?.length ?? 0), 0),
      ]),
    ),
    assignments: assignments as Parameters<typeof seedRegistration>[1]['assignments'],
    registeredOfferings: registrationRows.map((r) => r.offeringId as number),
    specialities: specialityRows,
    disciplines: disciplineRows,
    curriculum: curriculumRows,
    teachersByDepartment,
    students: studentRows.slice(0, options.students - 1).map((s) => s.userId),
  });

  // teacher1's attendance journals of the half-year so far.
  const journalLessons = await seedJournal(db, {
    teacherId: teacher1,
    year: currentYear,
    kind: currentKind,
    startsOn: current?.startsOn as string,
    endsOn: current?.endsOn as string,
    today: now.toISOString().slice(0, 10),
  });

  // Branding and the logo.
  await storage.put('branding/logo.png', demoLogoPng());
  await db.insert(settings).values([
    {
      key: 'branding',
      value: {
        name: 'Университет Окуу',
        nameKg: 'Окуу университети',
        nameEn: 'Okuu University',
        logoKey: 'branding/logo.png',
        width: 30,
        fontsize: 16,
      },
    },
    { key: 'electiveRegistration', value: true },
    { key: 'demo', value: { students: options.students, seed: options.seed ?? 2026 } },
  ]);

  const newsCount = await seedNews(db, storage, teacher1, now);
  const library = await seedLibrary(db, storage, { teacher1, teacher2, staff: staffId, groupId: 1 }, now);
  const demoGroup = groupRows[0] as (typeof groupRows)[number];
  const demoCourse = curriculumRows.find(
    (c) => c.specialityId === demoGroup.specialityId && c.semesterId === demoGroup.semester,
  );
  const demoStudents = membersOf.get(demoGroup.id) ?? [];
  const chatMessages = await seedChat(
    db,
    storage,
    {
      teacherId: teacher1,
      studentIds: [demoStudents[0] as number, demoStudents[1] as number],
      groupStudents: demoStudents,
      groupId: demoGroup.id,
      year: currentYear,
      ws: currentKind,
      disciplineId: demoCourse?.disciplineId ?? null,
      credits: demoCourse?.credits ?? null,
    },
    now,
  );
  const paidServiceCount = await seedPayments(db, { studentId: demoStudents[1] as number, year: currentYear }, now);

  const finalResults = await seedFinalResults(db, now.toISOString().slice(0, 10));
  // teacher1's grading sheets; the demo group's third student has a retake.
  const gradingSheets = await seedGrading(db, {
    teacherId: teacher1,
    groupId: demoGroup.id,
    year: currentYear,
    kind: currentKind,
    retakeStudent: (demoStudents[2] ?? demoStudents[0]) as number,
  });
  const documentOrders = await seedOrders(
    db,
    studentRows.slice(2, 8).map((r) => r.userId),
    staffId,
    now,
  );

  for (const table of serialTables) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
      ),
    );
  }

  return {
    password: demoPassword,
    accounts: [
      { login: 'teacher1', description: 'teacher with news permission; teaches student1 and student2' },
      { login: 'teacher2', description: 'teacher without news permission' },
      { login: 'student1', description: `student of group ${groupRows[0]?.name}` },
      { login: 'student2', description: `student of group ${groupRows[0]?.name}` },
      { login: 'newstudent', description: 'student who must change the issued login and password at first sign-in' },
      { login: 'staff1', description: 'staff (administrative work)' },
    ],
    counts: {
      faculties: facultyRows.length,
      groups: groupRows.length,
      students: studentRows.length,
      teachers: teacherRows.length,
      disciplines: disciplineRows.length,
      registrations: registrationRows.length,
      news: newsCount,
      chatMessages,
      books: library.books,
      studyMaterials: library.materials,
      rooms: schedule.rooms,
      lessons: schedule.lessons,
      paidServices: paidServiceCount,
      finalResults,
      documentOrders,
      registrationOfferings: registration.offerings,
      journalLessons,
      gradingSheets,
    },
  };
}
