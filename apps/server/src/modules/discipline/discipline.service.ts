import type {
  FilterDiscipline,
  FilterGroup,
  FilterSemester,
  FilterStudent,
  FilterTeacher,
} from '@okuu/contracts/discipline/lists';
import type { HalfYear, Period } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { DisciplineRepository, StudyRow, TeachingRow } from './discipline.repository.ts';

/** The filters of the lists, as parsed by the contract (null: any). */
export interface ListFilter {
  year?: number;
  ws?: number;
  id_discipline: number | null;
  id_semester: number | null;
  id_group: number | null;
  isSelect: boolean | null;
  kredit: number | null;
}

type Row = TeachingRow | StudyRow;

const named = (r: { name: string; nameKg: string; nameEn: string }) => ({
  name: r.name,
  nameKg: r.nameKg,
  nameEn: r.nameEn,
});

function matches(row: Row, f: ListFilter, groupOf: (row: Row) => number | null): boolean {
  return (
    (f.id_semester === null || row.semester.id === f.id_semester) &&
    (f.id_discipline === null || row.discipline.id === f.id_discipline) &&
    (f.kredit === null || row.credits === f.kredit) &&
    (f.isSelect === null || row.isElective === f.isSelect) &&
    (f.id_group === null || groupOf(row) === f.id_group)
  );
}

/** One item per discipline, semester and credits, by name (an elective when it is one for any of its groups). */
function disciplinesOf(rows: Row[]): FilterDiscipline[] {
  const byKey = new Map<string, FilterDiscipline>();
  for (const r of rows) {
    const key = `${r.discipline.id}/${r.semester.id}/${r.credits}`;
    const seen = byKey.get(key);
    if (seen) seen.isSelect ||= r.isElective;
    else
      byKey.set(key, {
        id_discipline: r.discipline.id,
        code: r.discipline.code,
        ...named(r.discipline),
        id_semester: r.semester.id,
        semester: { number: r.semester.number, ...named(r.semester) },
        kredit: r.credits,
        isSelect: r.isElective,
      });
  }
  return [...byKey.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'ru') || a.id_semester - b.id_semester || a.kredit - b.kredit,
  );
}

function semestersOf(rows: Row[]): FilterSemester[] {
  const byId = new Map<number, FilterSemester>();
  for (const { semester: s } of rows) byId.set(s.id, { id_semester: s.id, number: s.number, ...named(s) });
  return [...byId.values()].sort((a, b) => a.number - b.number);
}

export function createDisciplineService(deps: {
  repo: DisciplineRepository;
  /** The half-year a call asks for (today's by default); 404 when the calendar has none. */
  halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>;
  /** Today's academic year and half-year (GET discipline/current/…). */
  currentPeriod: () => Promise<Period>;
}) {
  const { repo } = deps;

  /**
   * Every id a call names must be one of the caller's in the half-year: 404 when there is no such record at all,
   * 403 when it is another's.
   */
  async function ownIds(f: ListFilter, own: { semesters: Set<number>; disciplines: Set<number>; groups: Set<number> }) {
    const checks = [
      ['semester', f.id_semester, own.semesters],
      ['discipline', f.id_discipline, own.disciplines],
      ['group', f.id_group, own.groups],
    ] as const;
    for (const [what, id, mine] of checks) {
      if (id === null || mine.has(id)) continue;
      if (await repo.exists(what, id)) {
        throw new AppError('forbidden', `id_${what}: this ${what} is not one of yours in that half-year.`);
      }
      throw new AppError('not_found', `id_${what}: there is no ${what} ${id}.`);
    }
  }

  async function teaching(user: AuthUser, f: ListFilter) {
    const period = await deps.halfYearOf(f);
    const rows = await repo.teaching(user.id, period.year, period.ws);
    await ownIds(f, {
      semesters: new Set(rows.map((r) => r.semester.id)),
      disciplines: new Set(rows.map((r) => r.discipline.id)),
      groups: new Set(rows.map((r) => r.group.id)),
    });
    return rows.filter((r) => matches(r, f, (row) => (row as TeachingRow).group.id));
  }

  async function studies(user: AuthUser, f: ListFilter) {
    const period = await deps.halfYearOf(f);
    const membership = await repo.membership(user.id);
    const rows = membership ? await repo.studies(user.id, membership.group.id, period.year, period.ws) : [];
    await ownIds(f, {
      semesters: new Set(rows.map((r) => r.semester.id)),
      disciplines: new Set(rows.map((r) => r.discipline.id)),
      groups: new Set(membership ? [membership.group.id] : []),
    });
    const groupId = membership?.group.id ?? null;
    return { membership, rows: rows.filter((r) => matches(r, f, () => groupId)) };
  }

  return {
    currentPeriod: deps.currentPeriod,
    async teacherDisciplines(user: AuthUser, f: ListFilter): Promise<FilterDiscipline[]> {
      return disciplinesOf(await teaching(user, f));
    },

    async studentDisciplines(user: AuthUser, f: ListFilter): Promise<FilterDiscipline[]> {
      return disciplinesOf((await studies(user, f)).rows);
    },

    async teacherSemesters(user: AuthUser, f: ListFilter): Promise<FilterSemester[]> {
      return semestersOf(await teaching(user, f));
    },

    async studentSemesters(user: AuthUser, f: ListFilter): Promise<FilterSemester[]> {
      return semestersOf((await studies(user, f)).rows);
    },

    /** The groups a teacher teaches, each with the subgroups and streams they teach it in. */
    async teacherGroups(user: AuthUser, f: ListFilter): Promise<FilterGroup[]> {
      const byId = new Map<number, FilterGroup>();
      for (const r of await teaching(user, f)) {
        let item = byId.get(r.group.id);
        if (!item) {
          item = { id_group: r.group.id, name: r.group.name, studyForm: r.group.studyForm, subgroups: [], streams: [] };
          byId.set(r.group.id, item);
        }
        if (r.subgroup && !item.subgroups.some((s) => s.id_subgroup === r.subgroup?.id)) {
          item.subgroups.push({ id_subgroup: r.subgroup.id, name: r.subgroup.name });
        }
        if (r.stream && !item.streams.some((s) => s.id_stream === r.stream?.id)) {
          item.streams.push({ id_stream: r.stream.id, name: r.stream.name });
        }
      }
      return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
    },

    /** A student's own group, with their subgroups and the group's streams (none when the filters exclude it). */
    async studentGroups(user: AuthUser, f: ListFilter): Promise<FilterGroup[]> {
      const { membership, rows } = await studies(user, f);
      const narrowed = f.id_semester !== null || f.id_discipline !== null || f.kredit !== null || f.isSelect !== null;
      if (!membership || (narrowed && rows.length === 0)) return [];
      return [
        {
          id_group: membership.group.id,
          name: membership.group.name,
          studyForm: membership.group.studyForm,
          subgroups: membership.subgroups.map((s) => ({ id_subgroup: s.id, name: s.name })),
          streams: membership.streams.map((s) => ({ id_stream: s.id, name: s.name })),
        },
      ];
    },

    /**
     * The students of a group the teacher teaches: the whole group when some assignment reaches all of it (itself
     * or a stream), else the members of the subgroups they teach it in.
     */
    async students(user: AuthUser, f: ListFilter & { id_group: number }): Promise<FilterStudent[]> {
      const rows = await teaching(user, f);
      if (rows.length === 0) return [];
      const whole = rows.some((r) => r.subgroup === null);
      const subgroupIds = whole ? null : [...new Set(rows.map((r) => (r.subgroup as { id: number }).id))];
      const students = await repo.groupStudents(f.id_group, subgroupIds);
      return students.map((s) => ({ id_student: s.id, fio: s.name, id_group: f.id_group, subgroups: s.subgroups }));
    },

    /** A student's teachers, by name, each with the disciplines they teach them. */
    async teachers(user: AuthUser, f: ListFilter): Promise<FilterTeacher[]> {
      const byId = new Map<number, FilterTeacher>();
      for (const { teacher, discipline } of (await studies(user, f)).rows) {
        if (!teacher) continue;
        const item = byId.get(teacher.id) ?? {
          id_teacher: teacher.id,
          t_fio: teacher.name,
          position: teacher.position,
          disciplines: [],
        };
        if (!item.disciplines.includes(discipline.id)) item.disciplines.push(discipline.id);
        byId.set(teacher.id, item);
      }
      return [...byId.values()].sort((a, b) => a.t_fio.localeCompare(b.t_fio, 'ru'));
    },
  };
}

export type DisciplineService = ReturnType<typeof createDisciplineService>;
