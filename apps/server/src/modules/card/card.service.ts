import {
  type Correction,
  type CorrectionStatus,
  type CorrectionTopic,
  correctionLimits,
  correctionStatuses,
  correctionTransitions,
  type PersonCard,
  type SemesterCredits,
  type StudentCard,
  type TeacherCard,
} from '@okuu/contracts/card/card';
import { roles } from '@okuu/contracts/endpoint';
import { AppError } from '../../lib/app-error.ts';
import type { Change } from '../../lib/changes.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { PaymentService } from '../payment/payment.service.ts';
import type { RegistrationService } from '../registration/registration.service.ts';
import type { SingleWindowService } from '../single-window/single-window.service.ts';
import type { TranscriptService } from '../transcript/transcript.service.ts';
import type { WorkloadService } from '../workload/workload.service.ts';
import type { CardRepository, CorrectionRow, GroupMoveInput } from './card.repository.ts';

export type { GroupMoveInput };

/** Years of a programme: a course past it (or before the first) is not shown. */
const maxCourse = 6;

/** What the card reads of other modules, each through its service. */
export interface CardDeps {
  repo: CardRepository;
  /** Today's academic year (the calendar's). */
  currentYear: () => Promise<number>;
  transcript: Pick<TranscriptService, 'transcript'>;
  registration: Pick<RegistrationService, 'currentOf'>;
  singleWindow: Pick<SingleWindowService, 'openOrdersOf'>;
  payment: Pick<PaymentService, 'openOf'>;
  workload: Pick<WorkloadService, 'teacher'>;
  /** The photo's stored key, or null (misc). */
  photoKey: (userId: number) => Promise<string | null>;
  /** The GET address of a person's photo. */
  photoPath: string;
}

/** A 404 (no such half-year in the calendar): the part is left out. */
const orNull = (err: unknown) => {
  if (err instanceof AppError && err.code === 'not_found') return null;
  throw err;
};

const notFound = () => new AppError('not_found', 'There is no such card.');

function toCorrection(row: CorrectionRow): Correction {
  return {
    id: row.id,
    topic: row.topic,
    text: row.text,
    status: row.status,
    comment: row.comment,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    person: { id: row.userId, name: row.userName, role: row.userRole },
  };
}

/** The credits planned per semester and earned there (results passed: numeric equivalent 1 or more). */
export function creditsAgainstPlan(
  planned: readonly {
    semesterId: number;
    number: number;
    name: string;
    nameKg: string;
    nameEn: string;
    planned: number;
  }[],
  earned: ReadonlyMap<number, number>,
  named: ReadonlyMap<number, { number: number; name: string; nameKg: string; nameEn: string }>,
): StudentCard['credits'] {
  const rows = new Map<number, SemesterCredits>();
  for (const p of planned) {
    rows.set(p.semesterId, {
      id_semester: p.semesterId,
      number: p.number,
      name: p.name,
      nameKg: p.nameKg,
      nameEn: p.nameEn,
      planned: p.planned,
      earned: 0,
    });
  }
  for (const [semesterId, credits] of earned) {
    const row = rows.get(semesterId);
    if (row) row.earned = credits;
    else {
      const s = named.get(semesterId);
      if (s) rows.set(semesterId, { id_semester: semesterId, ...s, planned: 0, earned: credits });
    }
  }
  const semesters = [...rows.values()].sort((a, b) => a.number - b.number);
  return {
    semesters,
    planned: semesters.reduce((sum, s) => sum + s.planned, 0),
    earned: semesters.reduce((sum, s) => sum + s.earned, 0),
  };
}

/**
 * Records group moves within the caller's change (the same transaction): the card module owns group_moves; the staff's
 * move and the staff data import write their moves through here. A "move" to the same group is none.
 */
export function groupMovesRecorder(repo: Pick<CardRepository, 'insertMoves'>) {
  return (change: Change, moves: readonly GroupMoveInput[]) =>
    repo.insertMoves(
      change.tx,
      moves.filter((m) => m.fromGroupId !== m.toGroupId),
    );
}

export type RecordGroupMoves = ReturnType<typeof groupMovesRecorder>;

export function createCardService(deps: CardDeps) {
  const { repo } = deps;

  async function studentPart(user: AuthUser, studentId: number): Promise<StudentCard | null> {
    const header = await repo.student(studentId);
    if (!header) return null;
    const [year, transcript, planned, moves, registrations, orders, payments] = await Promise.all([
      deps.currentYear(),
      deps.transcript.transcript(user, studentId),
      repo.plannedCredits(header.specialityId),
      repo.moves(studentId),
      deps.registration.currentOf(studentId).catch(orNull),
      deps.singleWindow.openOrdersOf(studentId),
      deps.payment.openOf(studentId),
    ]);
    const earned = new Map<number, number>();
    for (const y of transcript.years) {
      for (const s of y.semesters) {
        const passed = s.rows.filter((r) => r.ekv_num >= 1).reduce((sum, r) => sum + r.kredits, 0);
        earned.set(s.id_semester, (earned.get(s.id_semester) ?? 0) + passed);
      }
    }
    const missing = [...earned.keys()].filter((id) => !planned.some((p) => p.semesterId === id));
    const named = new Map((await repo.semesters(missing)).map(({ semesterId, ...s }) => [semesterId, s]));
    const course = year - header.admissionYear + 1;
    return {
      recordBook: header.recordBook,
      group: { id: header.groupId, name: header.group },
      faculty: header.faculty,
      department: header.department,
      speciality: header.speciality,
      studyForm: header.studyForm,
      admissionYear: header.admissionYear,
      course: course >= 1 && course <= maxCourse ? course : null,
      groups: moves.map((m) => ({ at: m.at.toISOString(), from: m.from, to: m.to, source: m.source })),
      credits: creditsAgainstPlan(planned, earned, named),
      registrations: registrations && {
        id_a_year: registrations.id_a_year,
        ws: registrations.ws,
        items: registrations.items.map((r) => ({
          id: r.id_disciplineForStudent,
          discipline: r.discipline,
          lessonKind: r.vid,
          teacher: r.t_fio,
          credits: r.kredits,
        })),
      },
      orders: orders.map((o) => ({ id: o.id_order, document: o.document, status: o.status, created: o.created })),
      payments: payments.map((p) => ({
        id: p.id,
        service: p.service,
        amount: p.amount,
        received: p.received,
        status: p.status,
        created: p.created,
      })),
    };
  }

  async function teacherPart(teacherId: number): Promise<TeacherCard | null> {
    const header = await repo.teacher(teacherId);
    if (!header) return null;
    const workload = await deps.workload.teacher({ teacherId }).catch(orNull);
    return {
      department: header.department,
      faculty: header.faculty,
      positions: [header.position],
      workload: workload && {
        year: workload.year,
        ws: workload.ws,
        teaching: workload.rows.map((r) => ({
          discipline: r.discipline,
          lessonKind: r.lessonKind,
          audience: r.audience,
          planned: r.planned,
          given: r.given,
        })),
        totals: { planned: workload.totals.planned, given: workload.totals.given },
      },
    };
  }

  /** The card of `id`, read for `user` (who may see it: the service's callers checked). */
  async function cardOf(user: AuthUser, id: number): Promise<PersonCard> {
    const person = await repo.person(id);
    if (!person || (person.role !== roles.student && person.role !== roles.teacher)) throw notFound();
    const [student, teacher, photoKey] = await Promise.all([
      person.role === roles.student ? studentPart(user, id) : null,
      person.role === roles.teacher ? teacherPart(id) : null,
      deps.photoKey(id),
    ]);
    const n = person.nationality;
    return {
      person: {
        id: person.id,
        role: person.role,
        fullName: person.fullName,
        gender: person.gender,
        birthDate: person.birthDate,
        // A woman's nationality in its Russian feminine form, where it has one (as the profile shows it).
        nationality: n && {
          name: person.gender === 'female' && n.nameFemale ? n.nameFemale : n.name,
          nameKg: n.nameKg,
          nameEn: n.nameEn,
        },
        citizenship: person.citizenship,
        phone: person.phone,
        education: person.education,
        photoUrl: photoKey ? `${deps.photoPath}?id=${id}` : null,
      },
      student,
      teacher,
    };
  }

  const isPortalPerson = (user: AuthUser) => user.role === roles.student || user.role === roles.teacher;

  return {
    /** The caller's own card: students and teachers (staff have none). */
    mine(user: AuthUser): Promise<PersonCard> {
      if (!isPortalPerson(user)) throw new AppError('not_found', 'Staff accounts have no personal card.');
      return cardOf(user, user.id);
    },

    /** Any student's or teacher's card, for staff. */
    person(user: AuthUser, id: number): Promise<PersonCard> {
      if (user.role !== roles.staff) throw new AppError('forbidden', 'Only staff open another person’s card.');
      return cardOf(user, id);
    },

    /** Records group moves within the caller's change (see groupMovesRecorder). */
    recordGroupMoves: groupMovesRecorder(repo),

    async myCorrections(user: AuthUser): Promise<{ items: Correction[] }> {
      return { items: (await repo.mine(user.id)).map(toCorrection) };
    },

    async report(user: AuthUser, input: { topic: CorrectionTopic; text: string }): Promise<Correction> {
      if (!isPortalPerson(user)) throw new AppError('forbidden', 'Staff correct the records themselves.');
      return repo.transaction(async (q) => {
        await q.lockPerson(user.id);
        if ((await q.openCount(user.id)) >= correctionLimits.openPerPerson) {
          throw new AppError(
            'conflict',
            `You have ${correctionLimits.openPerPerson} requests open already: wait until staff answer them.`,
          );
        }
        const id = await q.insertCorrection(user.id, input.topic, input.text);
        return toCorrection((await q.correction(id)) as CorrectionRow);
      });
    },

    async queue(status: CorrectionStatus, page: number) {
      const size = correctionLimits.pageSize;
      const [rows, counts] = await Promise.all([
        repo.queue(status, (page - 1) * size, size + 1),
        repo.countsByStatus(),
      ]);
      const all = Object.fromEntries(correctionStatuses.map((s) => [s, counts[s] ?? 0])) as Record<
        CorrectionStatus,
        number
      >;
      return {
        items: rows.slice(0, size).map(toCorrection),
        page,
        pageSize: size,
        hasMore: rows.length > size,
        total: all[status],
        counts: all,
      };
    },

    /** Staff move a request on; the audit row (before and after) is written in the same transaction. */
    async advance(
      user: AuthUser,
      input: { id: number; status: 'in_progress' | 'done' | 'rejected'; comment: string },
    ): Promise<Correction> {
      return repo.transaction(async (q, change) => {
        const before = await q.lockCorrection(input.id);
        if (!before) throw new AppError('not_found', 'There is no such correction request.');
        if (!correctionTransitions[before.status].includes(input.status)) {
          throw new AppError('conflict', `A request that is ${before.status} cannot become ${input.status}.`);
        }
        await q.setStatus(input.id, input.status, input.comment || before.comment, user.id);
        const after = toCorrection((await q.correction(input.id)) as CorrectionRow);
        change.audit({
          targetType: 'correction',
          targetId: input.id,
          targetName: before.userName,
          before: { status: before.status, comment: before.comment },
          after: { status: after.status, comment: after.comment },
        });
        return after;
      });
    },

    /** Staff home: the requests new and in progress, and since when the oldest new one has waited. */
    async queueSummary() {
      const [counts, oldest] = await Promise.all([repo.countsByStatus(), repo.oldestNew()]);
      return {
        new: counts.new ?? 0,
        inProgress: counts.in_progress ?? 0,
        oldestNewSince: oldest?.toISOString() ?? null,
      };
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
