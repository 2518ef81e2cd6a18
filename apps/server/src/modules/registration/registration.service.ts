import type {
  RegistrationDiscipline,
  RegistrationItem,
  RegistrationOffering,
  RegistrationTeacher,
  RegistrationWindow,
  SavedRegistration,
  StudySemester,
} from '@okuu/contracts/registration/common';
import { AppError } from '../../lib/app-error.ts';
import type { Changes } from '../../lib/changes.ts';
import { type Remember, rememberNothing } from '../../lib/idempotency.ts';
import type { AuthUser } from '../../lib/session.ts';
import { validationError } from '../../lib/validation.ts';
import type {
  CurriculumRow,
  HeldRow,
  OfferingRow,
  RegistrationQueries,
  RegistrationRepository,
  RegistrationRow,
  StudentInHalfYear,
  WindowRow,
} from './registration.repository.ts';

/** Which disciplines a list or save is about: the curriculum's plan, its electives, or either. */
type Scope = 'plan' | 'elective' | 'any';

interface Period {
  id_a_year?: number;
  ws?: number;
}

interface DisciplineQuery extends Period {
  id_semester: number | null;
  id_discipline: number;
}

export interface SaveInput {
  id_a_year: number;
  ws: number;
  id_semester: number;
  id_discipline: number;
  id_teacher: number;
  subgroup: number;
  id_vid_zaniatiy?: number;
  kredits?: number;
  id_examination?: number;
  isSelect: boolean | null;
}

const windowOf = (row: WindowRow | null, nowMs: number): RegistrationWindow | null =>
  row && {
    opensAt: new Date(row.opensMs).toISOString(),
    closesAt: new Date(row.closesMs).toISOString(),
    open: row.opensMs <= nowMs && nowMs < row.closesMs,
    creditCap: row.creditCap,
  };

/** Credits held in a half-year: each discipline counted once, whatever its lesson kinds. */
function creditsOf(held: { disciplineId: number; credits: number }[]): number {
  const byDiscipline = new Map<number, number>();
  for (const h of held) byDiscipline.set(h.disciplineId, Math.max(byDiscipline.get(h.disciplineId) ?? 0, h.credits));
  return [...byDiscipline.values()].reduce((sum, c) => sum + c, 0);
}

function toOffering(o: OfferingRow): RegistrationOffering {
  const seatsLeft = Math.max(0, o.capacity - o.taken);
  return {
    subgroup: o.id,
    descGroupNum: o.audience.name,
    audience: o.audience,
    id_teacher: o.teacherId,
    t_fio: o.teacherName,
    id_vid_zaniatiy: o.kindId,
    vid: o.kind,
    id_group: o.groupId,
    id_stream: o.streamId,
    id_subgroup: o.subgroupId,
    capacity: o.capacity,
    seatsLeft,
    full: seatsLeft === 0,
    mine: o.mine,
  };
}

/** The teachers of some offerings, by name, each with the lesson kinds they offer and their seats left together. */
function teachersOf(offerings: OfferingRow[]): RegistrationTeacher[] {
  const byId = new Map<number, RegistrationTeacher>();
  for (const o of offerings) {
    const item = byId.get(o.teacherId) ?? {
      id_teacher: o.teacherId,
      t_fio: o.teacherName,
      position: o.position,
      kinds: [],
      seatsLeft: 0,
      full: true,
    };
    if (!item.kinds.some((k) => k.id_vid_zaniatiy === o.kindId))
      item.kinds.push({ id_vid_zaniatiy: o.kindId, ...o.kind });
    item.seatsLeft += Math.max(0, o.capacity - o.taken);
    item.full = item.seatsLeft === 0;
    byId.set(o.teacherId, item);
  }
  return [...byId.values()].sort((a, b) => a.t_fio.localeCompare(b.t_fio, 'ru'));
}

function toItem(r: RegistrationRow, groupId: number | null, isByPlan: boolean): RegistrationItem {
  return {
    id_disciplineForStudent: r.id,
    id_a_year: r.year,
    ws: r.ws,
    id_semester: r.semesterId,
    semester: r.semester,
    id_group: groupId,
    id_kafedra: r.departmentId,
    id_discipline: r.disciplineId,
    discipline: r.discipline,
    kredits: r.credits,
    id_examination: r.examinationTypeId,
    examination: r.examination,
    id_teacher: r.teacherId,
    t_fio: r.teacherName,
    id_vid_zaniatiy: r.kindId,
    vid: r.kind,
    subgroup: r.offeringId,
    descGroupNum: r.audience?.name ?? '',
    audience: r.audience,
    isSelect: r.isElective,
    isByPlan,
    created: new Date(r.createdMs).toISOString(),
  };
}

const notInCurriculum = (what: string) => new AppError('not_in_curriculum', what);
const closed = () =>
  new AppError('registration_closed', 'Registration for this half-year is not open now (no window, or outside it).');

export function createRegistrationService(deps: {
  repo: RegistrationRepository;
  /** Today's academic year and half-year. */
  currentPeriod: () => Promise<{ year: number; yearName: string; ws: number }>;
  /** The six academic-year options. */
  years: () => { id: number; name: string }[];
  /** 404 when the calendar has no such half-year. */
  halfYearOf: (input: { year: number; ws: number }) => Promise<unknown>;
  now?: () => Date;
  /** The change path: a window's opening and closing are announced on it (for the notifications). */
  changes?: Changes;
}) {
  const { repo } = deps;
  const now = () => (deps.now ?? (() => new Date()))().getTime();

  /** The half-year registration is for by default: an open window's, else the next to open, else today's. */
  async function defaultPeriod(): Promise<{ year: number; ws: number }> {
    const found = await repo.defaultWindow(now());
    if (found) return found;
    const today = await deps.currentPeriod();
    return { year: today.year, ws: today.ws };
  }

  /** The half-year a call names (each of year and half-year defaulting to the default's); 404 outside the calendar. */
  async function periodOf(input: Period): Promise<{ year: number; ws: number }> {
    const fallback = input.id_a_year === undefined || input.ws === undefined ? await defaultPeriod() : null;
    const period = { year: input.id_a_year ?? (fallback?.year as number), ws: input.ws ?? (fallback?.ws as number) };
    await deps.halfYearOf(period);
    return period;
  }

  /**
   * The discipline a list or save is about, checked against the student's curriculum for the half-year: their
   * semester (`id_semester`, when given, must be it), a discipline of its plan or an elective as `scope` says, and
   * the permission for an elective. Everything is read through `r` (a transaction's, for a save).
   */
  async function curriculumDiscipline(
    r: RegistrationQueries,
    user: AuthUser,
    period: { year: number; ws: number },
    student: StudentInHalfYear | null,
    q: { id_semester: number | null; id_discipline: number },
    scope: Scope,
  ): Promise<{ semester: StudySemester; discipline: CurriculumRow }> {
    const semester = student?.semester;
    if (!student || !semester) {
      throw notInCurriculum('You have no semester of study in that half-year: there is nothing to register for.');
    }
    if (q.id_semester !== null && q.id_semester !== semester.id_semester) {
      throw notInCurriculum(`id_semester: your semester in that half-year is ${semester.id_semester}.`);
    }
    const [discipline] = await r.curriculum(student.specialityId, semester.id_semester, q.id_discipline);
    if (
      !discipline ||
      (scope === 'plan' && discipline.isElective) ||
      (scope === 'elective' && !discipline.isElective)
    ) {
      const kind = scope === 'plan' ? 'plan discipline' : scope === 'elective' ? 'elective' : 'discipline';
      throw notInCurriculum(`id_discipline: not a ${kind} of your curriculum for semester ${semester.number}.`);
    }
    if (discipline.isElective && !(await r.electivesPermitted(user.id, period.year, period.ws))) {
      throw new AppError('elective_not_permitted', 'You have no permission to register for electives this half-year.');
    }
    return { semester, discipline };
  }

  /** The disciplines of a curriculum's semester, with their seats and what the student holds of each. */
  async function disciplinesOf(
    rows: CurriculumRow[],
    period: { year: number; ws: number },
    semester: StudySemester,
    held: HeldRow[],
  ): Promise<RegistrationDiscipline[]> {
    if (rows.length === 0) return [];
    const seats = await repo.seatsByDiscipline(period.year, period.ws, semester.id_semester);
    return rows.map((d) => ({
      id_discipline: d.disciplineId,
      code: d.code,
      name: d.name,
      nameKg: d.nameKg,
      nameEn: d.nameEn,
      id_kafedra: d.departmentId,
      id_semester: semester.id_semester,
      kredits: d.credits,
      id_examination: d.examinationTypeId,
      examination: d.examination,
      isSelect: d.isElective,
      registeredKinds: held
        .filter((h) => h.disciplineId === d.disciplineId && h.kindId !== null)
        .map((h) => h.kindId as number)
        .sort((a, b) => a - b),
      offerings: seats.get(d.disciplineId)?.offerings ?? 0,
      seatsLeft: seats.get(d.disciplineId)?.seatsLeft ?? 0,
    }));
  }

  async function offeringsFor(
    user: AuthUser,
    q: DisciplineQuery & { id_teacher?: number | null; id_vid_zaniatiy?: number },
    scope: Scope,
  ): Promise<OfferingRow[]> {
    const period = await periodOf(q);
    const student = await repo.student(user.id, period.year, period.ws);
    const { semester } = await curriculumDiscipline(repo, user, period, student, q, scope);
    return repo.offerings(
      {
        ...period,
        semesterId: semester.id_semester,
        disciplineId: q.id_discipline,
        teacherId: q.id_teacher ?? undefined,
        kindId: q.id_vid_zaniatiy,
      },
      user.id,
    );
  }

  /** Deletes registration `find` gives (inside the transaction, the student's row held), giving its seat back. */
  async function remove(
    user: AuthUser,
    find: (
      r: RegistrationQueries,
    ) => Promise<{ id: number; year: number; ws: number; offeringId: number | null } | null>,
  ) {
    return repo.transaction(async (r) => {
      await r.lockStudent(user.id);
      const found = await find(r);
      if (!found) throw new AppError('not_found', 'You have no such registration.');
      const window = windowOf(await r.window(found.year, found.ws), now());
      if (!window?.open) throw closed();
      await r.delete(found.id);
      const seatsLeft = found.offeringId === null ? null : await r.releaseSeat(found.offeringId);
      return { id_disciplineForStudent: found.id, deleted: true as const, seatsLeft };
    });
  }

  return {
    /**
     * The periodic job: announces each window that opened, or came within 24 hours of closing, once across every
     * instance (the claim's row commits with the record). Answers how many it announced.
     */
    async announceWindows(): Promise<number> {
      const { changes } = deps;
      if (!changes) return 0;
      return changes.transaction(async (tx, change) => {
        const claimed = await repo.claimWindowNotices(tx, now());
        for (const w of claimed) {
          await change.record('registration', {
            event: w.phase,
            windowId: w.windowId,
            year: w.year,
            ws: w.ws,
            closesAt: new Date(w.closesMs).toISOString(),
          });
        }
        if (!claimed.length) change.unchanged();
        return claimed.length;
      });
    },

    async defaultYear() {
      const { year, ws } = await defaultPeriod();
      const name =
        deps.years().find((y) => y.id === year)?.name ?? `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
      return { id_a_year: year, name, ws };
    },

    years: () => deps.years(),

    /** The half-years of an academic year with their windows and the student's semester in each. */
    async semesters(user: AuthUser, input: { id_a_year?: number }) {
      const year = input.id_a_year ?? (await defaultPeriod()).year;
      const [halfYears, windows] = await Promise.all([repo.halfYearsOf(year), repo.windowsOf(year)]);
      if (halfYears.length === 0) throw new AppError('not_found', `The calendar has no academic year ${year}.`);
      const at = now();
      return {
        id_a_year: year,
        halfYears: await Promise.all(
          halfYears.map(async (h) => ({
            ...h,
            window: windowOf(windows.get(h.ws) ?? null, at),
            semester: (await repo.student(user.id, year, h.ws))?.semester ?? null,
          })),
        ),
      };
    },

    /** The student's registrations in a half-year, the plan disciplines open to them, their credits and the window. */
    async list(user: AuthUser, input: Period) {
      const period = await periodOf(input);
      const [student, window, registrations] = await Promise.all([
        repo.student(user.id, period.year, period.ws),
        repo.window(period.year, period.ws),
        repo.registrations(user.id, period.year, period.ws),
      ]);
      const semester = student?.semester ?? null;
      const curriculum = student && semester ? await repo.curriculum(student.specialityId, semester.id_semester) : [];
      const plan = curriculum.filter((d) => !d.isElective);
      const planned = new Set(plan.map((d) => d.disciplineId));
      return {
        id_a_year: period.year,
        ws: period.ws,
        semester,
        window: windowOf(window, now()),
        kredits: creditsOf(registrations),
        registrations: registrations.map((r) => toItem(r, student?.groupId ?? null, planned.has(r.disciplineId))),
        disciplines: semester ? await disciplinesOf(plan, period, semester, registrations) : [],
      };
    },

    /** A student's registrations in the default half-year (the personal card; its caller checks access). */
    async currentOf(studentId: number) {
      const period = await defaultPeriod();
      const rows = await repo.registrations(studentId, period.year, period.ws);
      return { id_a_year: period.year, ws: period.ws, items: rows.map((r) => toItem(r, null, !r.isElective)) };
    },

    async permission(user: AuthUser, input: Period) {
      const period = await periodOf(input);
      return { permission: await repo.electivesPermitted(user.id, period.year, period.ws) };
    },

    /** The electives of the student's semester; none without the permission. */
    async electives(user: AuthUser, input: Period): Promise<RegistrationDiscipline[]> {
      const period = await periodOf(input);
      if (!(await repo.electivesPermitted(user.id, period.year, period.ws))) return [];
      const student = await repo.student(user.id, period.year, period.ws);
      if (!student?.semester) return [];
      const rows = (await repo.curriculum(student.specialityId, student.semester.id_semester)).filter(
        (d) => d.isElective,
      );
      return disciplinesOf(rows, period, student.semester, await repo.held(user.id, period.year, period.ws));
    },

    async teachers(user: AuthUser, q: DisciplineQuery & { id_vid_zaniatiy?: number }, scope: Scope) {
      return teachersOf(await offeringsFor(user, q, scope));
    },

    async offerings(
      user: AuthUser,
      q: DisciplineQuery & { id_teacher: number | null; id_vid_zaniatiy?: number },
      scope: Scope,
    ) {
      return (await offeringsFor(user, q, scope)).map(toOffering);
    },

    /**
     * Registers the student, every rule checked inside one transaction that holds the student's row: the window, the
     * curriculum, the elective permission, the offering (as chosen), no second registration for the discipline and
     * lesson kind, the credit cap; then a seat is taken with the guarded counter (last, so that the offering's row
     * is held only for the insert and the commit) and the registration written, with the reply for a retry.
     */
    async save(user: AuthUser, input: SaveInput, remember: Remember = rememberNothing): Promise<SavedRegistration> {
      const period = { year: input.id_a_year, ws: input.ws };
      await deps.halfYearOf(period);
      return repo.transaction(async (r, tx) => {
        const student = await r.student(user.id, period.year, period.ws, true);
        const window = windowOf(await r.window(period.year, period.ws), now());
        if (!window?.open) throw closed();
        const { semester, discipline } = await curriculumDiscipline(r, user, period, student, input, 'any');

        const offering = await r.offering(input.subgroup, user.id);
        if (
          !offering ||
          offering.year !== period.year ||
          offering.ws !== period.ws ||
          offering.semesterId !== semester.id_semester ||
          offering.disciplineId !== discipline.disciplineId
        ) {
          throw new AppError('not_found', 'subgroup: no such offering of this discipline in that half-year.');
        }
        const mismatched = (
          [
            ['id_teacher', input.id_teacher, offering.teacherId],
            ['id_vid_zaniatiy', input.id_vid_zaniatiy, offering.kindId],
            ['kredits', input.kredits, discipline.credits],
            ['id_examination', input.id_examination, discipline.examinationTypeId],
            ['isSelect', input.isSelect ?? undefined, discipline.isElective],
          ] as const
        ).filter(([, given, actual]) => given !== undefined && given !== actual);
        if (mismatched.length) {
          throw validationError(mismatched.map(([field]) => ({ path: [field], rule: 'not_as_offered' })));
        }

        const held = await r.held(user.id, period.year, period.ws);
        if (held.some((h) => h.disciplineId === discipline.disciplineId && h.kindId === offering.kindId)) {
          throw new AppError('already_registered', 'You are already registered for this discipline and lesson kind.');
        }
        const used = creditsOf(held);
        const adds = held.some((h) => h.disciplineId === discipline.disciplineId) ? 0 : discipline.credits;
        if (used + adds > window.creditCap) {
          throw AppError.withParams(
            'credit_limit',
            `This discipline's ${discipline.credits} credits would take you past the cap of ${window.creditCap} (you hold ${used}).`,
            { cap: window.creditCap, used, credits: discipline.credits },
          );
        }

        const seatsLeft = await r.takeSeat(offering.id);
        if (seatsLeft === null) throw new AppError('no_seats', 'No seats are left in this offering.');
        const inserted = await r.insert({
          studentId: user.id,
          year: period.year,
          ws: period.ws,
          semesterId: semester.id_semester,
          disciplineId: discipline.disciplineId,
          teacherId: offering.teacherId,
          kindId: offering.kindId,
          credits: discipline.credits,
          examinationTypeId: discipline.examinationTypeId,
          streamId: offering.streamId,
          subgroupId: offering.subgroupId,
          isElective: discipline.isElective,
          offeringId: offering.id,
        });
        const registration = toItem(
          {
            id: inserted.id,
            year: period.year,
            ws: period.ws,
            semesterId: semester.id_semester,
            semester: {
              number: semester.number,
              name: semester.name,
              nameKg: semester.nameKg,
              nameEn: semester.nameEn,
            },
            departmentId: discipline.departmentId,
            disciplineId: discipline.disciplineId,
            discipline: {
              code: discipline.code,
              name: discipline.name,
              nameKg: discipline.nameKg,
              nameEn: discipline.nameEn,
            },
            credits: discipline.credits,
            examinationTypeId: discipline.examinationTypeId,
            examination: discipline.examination,
            teacherId: offering.teacherId,
            teacherName: offering.teacherName,
            kindId: offering.kindId,
            kind: offering.kind,
            offeringId: offering.id,
            audience: offering.audience,
            isElective: discipline.isElective,
            createdMs: inserted.createdMs,
          },
          student?.groupId ?? null,
          !discipline.isElective,
        );
        const reply = { registration, seatsLeft };
        await remember(tx, reply);
        return reply;
      });
    },

    /** Deletes one of the student's registrations by its id. */
    delete(user: AuthUser, id: number) {
      return remove(user, (r) => r.ownRegistration(id, user.id));
    },

    /** Deletes the student's registration for a discipline's lesson kind in a half-year. */
    async deleteByKind(
      user: AuthUser,
      input: { id_a_year: number; ws: number; id_discipline: number; id_vid_zaniatiy: number },
    ) {
      await deps.halfYearOf({ year: input.id_a_year, ws: input.ws });
      return remove(user, async (r) => {
        const id = await r.registrationFor(
          user.id,
          input.id_a_year,
          input.ws,
          input.id_discipline,
          input.id_vid_zaniatiy,
        );
        return id === null ? null : r.ownRegistration(id, user.id);
      });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
