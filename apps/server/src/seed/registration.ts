import type { Db } from '../db/client.ts';
import { electivePermissions, registrationOfferings, registrationWindows } from '../db/schema/registration.ts';
import { curriculum, teachingAssignments } from '../db/schema/university.ts';

/**
 * The demo's registration: the current half-year's window (open from two weeks before it starts to its last day),
 * every teaching assignment of the half-year offered with seats, and for each speciality's semester taught: an open
 * practice section of each plan discipline by another teacher (a choice besides the group's own), an elective with
 * two open sections, and the elective permission for every other student (student1 has it, student2 has not).
 *
 * Seats: a lecture seats its stream (or group) and five more, and the seeded registrations already fill its stream;
 * a practice seats its group; the demo's one laboratory seats four; an open practice section seats six, the elective
 * sections 8 and 12: small enough to fill.
 */

export interface RegistrationSeedInput {
  year: number;
  kind: number;
  /** The half-year's first and last day, YYYY-MM-DD. */
  startsOn: string;
  endsOn: string;
  groups: { id: number; specialityId: number; semester: number; size: number }[];
  streamSizes: Map<number, number>;
  /** Every teaching assignment of the half-year, with its id. */
  assignments: {
    id: number;
    teacherId: number;
    groupId: number | null;
    streamId: number | null;
    lessonKindId: number;
  }[];
  /** The seeded registrations' offerings (one entry per registration). */
  registeredOfferings: number[];
  specialities: { id: number; departmentId: number }[];
  disciplines: { id: number; departmentId: number }[];
  /** The curriculum so far: the electives are added after it. */
  curriculum: {
    id: number;
    specialityId: number;
    semesterId: number;
    disciplineId: number;
    credits: number;
    isElective: boolean;
  }[];
  teachersByDepartment: Map<number, number[]>;
  /** The numbered students in order (student1 first). */
  students: number[];
}

const day = 86_400_000;
/** Bishkek is UTC+6 all year: a day's wall-clock midnight there. */
const bishkekMidnight = (date: string) => new Date(`${date}T00:00:00+06:00`);

export const demoCreditCap = 35;
const electiveCredits = 3;
const passFailTest = 2;
const lecture = 1;
const practice = 2;
const laboratorySeats = 4;
const practiceSectionSeats = 6;
const electiveSections = [8, 12];
/** The demo teachers (teacher1, teacher2) keep the classes of their groups; open sections are others'. */
const demoTeachers = [1, 2];

export async function seedRegistration(db: Db, input: RegistrationSeedInput) {
  await db.insert(registrationWindows).values({
    academicYearId: input.year,
    halfYearKind: input.kind,
    opensAt: new Date(bishkekMidnight(input.startsOn).getTime() - 14 * day),
    closesAt: new Date(bishkekMidnight(input.endsOn).getTime() + day - 1000),
    creditCap: demoCreditCap,
  });

  // The elective of each speciality and semester: a discipline of another department that its plan does not have.
  const planned = new Set(input.curriculum.map((c) => `${c.specialityId}/${c.semesterId}/${c.disciplineId}`));
  const electives = new Map<string, number>();
  const electiveRows: Record<string, unknown>[] = [];
  let curriculumId = input.curriculum.length;
  for (const s of input.specialities) {
    const others = input.disciplines.filter((d) => d.departmentId !== s.departmentId);
    for (let semester = 1; semester <= 8; semester++) {
      const free = others.filter((d) => !planned.has(`${s.id}/${semester}/${d.id}`));
      const discipline = free[(s.id * 7 + semester * 3) % free.length] as { id: number; departmentId: number };
      electives.set(`${s.id}/${semester}`, discipline.id);
      electiveRows.push({
        id: ++curriculumId,
        specialityId: s.id,
        semesterId: semester,
        disciplineId: discipline.id,
        credits: electiveCredits,
        examinationTypeId: passFailTest,
        isElective: true,
      });
    }
  }
  await insertChunked(db, curriculum, electiveRows);

  // Open sections (assignments with no group) of each speciality's semester taught this half-year: a practice of
  // each plan discipline, and two of its elective.
  const departmentOf = new Map(input.disciplines.map((d) => [d.id, d.departmentId]));
  const sections: Record<string, unknown>[] = [];
  const sectionSeats = new Map<number, number>();
  let assignmentId = input.assignments.reduce((max, a) => Math.max(max, a.id), 0);
  const addSection = (semesterId: number, disciplineId: number, kind: number, credits: number, seats: number) => {
    const pool = (input.teachersByDepartment.get(departmentOf.get(disciplineId) as number) ?? []).filter(
      (t) => !demoTeachers.includes(t),
    );
    const id = ++assignmentId;
    sections.push({
      id,
      academicYearId: input.year,
      halfYearKind: input.kind,
      semesterId,
      teacherId: pool[(disciplineId + semesterId + id) % pool.length],
      disciplineId,
      groupId: null,
      streamId: null,
      subgroupId: null,
      lessonKindId: kind,
      credits,
    });
    sectionSeats.set(id, seats);
  };
  const taught = new Set(input.groups.map((g) => `${g.specialityId}/${g.semester}`));
  for (const key of [...taught].sort()) {
    const [specialityId, semesterId] = key.split('/').map(Number) as [number, number];
    for (const c of input.curriculum) {
      if (c.specialityId === specialityId && c.semesterId === semesterId && !c.isElective) {
        addSection(semesterId, c.disciplineId, practice, c.credits, practiceSectionSeats);
      }
    }
    for (const seats of electiveSections) {
      addSection(semesterId, electives.get(key) as number, lecture, electiveCredits, seats);
    }
  }
  await insertChunked(db, teachingAssignments, sections);

  // Every assignment of the half-year is offered; the seeded registrations hold their seats.
  const taken = new Map<number, number>();
  for (const id of input.registeredOfferings) taken.set(id, (taken.get(id) ?? 0) + 1);
  const groupSize = new Map(input.groups.map((g) => [g.id, g.size]));
  const offerings = [
    ...input.assignments.map((a) => {
      const audience = a.streamId ? (input.streamSizes.get(a.streamId) ?? 0) : (groupSize.get(a.groupId ?? 0) ?? 0);
      const capacity =
        a.lessonKindId === lecture
          ? audience + 5
          : a.lessonKindId === practice
            ? Math.max(1, audience)
            : laboratorySeats;
      return { teachingAssignmentId: a.id, capacity, taken: taken.get(a.id) ?? 0 };
    }),
    ...[...sectionSeats].map(([id, capacity]) => ({ teachingAssignmentId: id, capacity, taken: 0 })),
  ];
  await insertChunked(db, registrationOfferings, offerings);

  await insertChunked(
    db,
    electivePermissions,
    input.students
      .filter((_, i) => i % 2 === 0)
      .map((studentId) => ({ studentId, academicYearId: input.year, halfYearKind: input.kind })),
  );
  return { offerings: offerings.length, electiveSections: sections.length };
}

async function insertChunked(db: Db, table: Parameters<Db['insert']>[0], rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(table).values(rows.slice(i, i + 1000) as never);
}
