import {
  addDays,
  bishkekDay,
  minutesOf,
  mondayOf,
  runsInWeek,
  type WeekParity,
  weekOfHalfYear,
} from '@okuu/contracts/schedule/weeks';
import {
  hoursPerPair,
  type TeacherWorkload,
  type WorkloadHours,
  type WorkloadRow,
  type WorkloadStatus,
  workloadMargins,
} from '@okuu/contracts/workload/workload';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { EntryRow, TaughtRow, TeacherRow, WorkloadRepository } from './workload.repository.ts';

type Period = { year?: number; ws?: number };
/** The lessons one teacher recorded in one journal (the journal's service). */
type RecordedCountRow = Awaited<ReturnType<JournalService['lessonCounts']>>[number];

/** The pairs a weekly lesson has in a half-year, and how many of them have ended by `now` (Bishkek). */
export function pairsOf(
  lesson: { dayNumber: number; parity: WeekParity; end: string },
  period: { startsOn: string; endsOn: string },
  now: { date: string; minutes: number },
): { total: number; soFar: number } {
  let total = 0;
  let soFar = 0;
  for (
    let date = addDays(mondayOf(period.startsOn), lesson.dayNumber - 1);
    date <= period.endsOn;
    date = addDays(date, 7)
  ) {
    if (date < period.startsOn || !runsInWeek(lesson.parity, weekOfHalfYear(date, period.startsOn).parity)) continue;
    total++;
    if (date < now.date || (date === now.date && minutesOf(lesson.end) <= now.minutes)) soFar++;
  }
  return { total, soFar };
}

/** Behind when short of the plan so far by more than the margin; over when past the whole half-year's plan. */
export function statusOf(h: WorkloadHours): WorkloadStatus {
  if (h.given > h.planned) return 'over';
  const short = h.plannedSoFar - h.given;
  const margin = Math.max(workloadMargins.behindMinHours, h.plannedSoFar * workloadMargins.behindShare);
  return short > margin ? 'behind' : 'ok';
}

const audienceKey = (r: {
  discipline: { id: number };
  lessonKind: { id: number };
  audience: { kind: string; id: number };
}) => `${r.discipline.id}/${r.lessonKind.id}/${r.audience.kind}:${r.audience.id}`;

const sum = (rows: WorkloadHours[]): WorkloadHours => {
  const h = { planned: 0, plannedSoFar: 0, given: 0, remaining: 0 };
  for (const r of rows) {
    h.planned += r.planned;
    h.plannedSoFar += r.plannedSoFar;
    h.given += r.given;
  }
  return { ...h, remaining: h.planned - h.given };
};

/**
 * One teacher's rows: the timetable's lessons summed by discipline, kind and audience, the assignments the timetable
 * has none of, and the journals they recorded lessons in; each with planned, given and remaining hours.
 */
function rowsOf(
  entries: EntryRow[],
  unscheduled: TaughtRow[],
  recorded: RecordedCountRow[],
  period: HalfYear,
  now: { date: string; minutes: number },
): WorkloadRow[] {
  const rows = new Map<string, WorkloadRow>();
  const rowOf = (t: TaughtRow) => {
    const key = audienceKey(t);
    let row = rows.get(key);
    if (!row) {
      row = {
        discipline: t.discipline,
        lessonKind: t.lessonKind,
        audience: t.audience,
        weekly: { every: 0, odd: 0, even: 0 },
        planned: 0,
        plannedSoFar: 0,
        given: 0,
        remaining: 0,
        status: 'ok',
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const e of entries) {
    const row = rowOf(e);
    const pairs = pairsOf(e, period, now);
    row.weekly[e.parity]++;
    row.planned += pairs.total * hoursPerPair;
    row.plannedSoFar += pairs.soFar * hoursPerPair;
  }
  for (const a of unscheduled) rowOf(a);
  for (const r of recorded) {
    const row = rowOf({
      teacherId: r.teacherId,
      discipline: r.discipline,
      lessonKind: r.lessonKind,
      audience: { kind: r.groupType, id: r.audienceId, name: r.audienceName },
    });
    row.given += r.lessons * hoursPerPair;
  }
  const list = [...rows.values()];
  for (const row of list) {
    row.remaining = row.planned - row.given;
    row.status = statusOf(row);
  }
  return list.sort(
    (a, b) =>
      a.discipline.name.localeCompare(b.discipline.name, 'ru') ||
      a.lessonKind.id - b.lessonKind.id ||
      a.audience.name.localeCompare(b.audience.name, 'ru'),
  );
}

const byTeacher = <T extends { teacherId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const list = map.get(r.teacherId);
    if (list) list.push(r);
    else map.set(r.teacherId, [r]);
  }
  return map;
};

export function createWorkloadService(deps: {
  repo: WorkloadRepository;
  /** The half-year a call asks for (today's by default); 404 when the calendar has none. */
  halfYearOf: (input: Period) => Promise<HalfYear>;
  /** The journal's lessons recorded per teacher and journal (the journal's service). */
  lessonCounts: JournalService['lessonCounts'];
  now: () => Date;
}) {
  const { repo } = deps;

  /** Today in Bishkek: the date and the minute of the day "so far" counts to. */
  const today = () => bishkekDay(deps.now());

  async function workloadOf(teacher: TeacherRow, input: Period): Promise<TeacherWorkload> {
    const period = await deps.halfYearOf(input);
    const [entries, unscheduled, recorded] = await Promise.all([
      repo.entries(period.year, period.ws, teacher.id),
      repo.unscheduled(period.year, period.ws, teacher.id),
      deps.lessonCounts(period.year, period.ws, teacher.id),
    ]);
    const now = today();
    const rows = rowsOf(entries, unscheduled, recorded, period, now);
    const totals = sum(rows);
    return {
      teacher: { id: teacher.id, name: teacher.name, department: teacher.department },
      year: period.year,
      ws: period.ws,
      startsOn: period.startsOn,
      endsOn: period.endsOn,
      weeks: weekOfHalfYear(period.endsOn, period.startsOn).number,
      asOf: now.date,
      rows,
      totals,
      status: statusOf(totals),
    };
  }

  return {
    /** The calling teacher's own workload. */
    async mine(user: AuthUser, input: Period): Promise<TeacherWorkload> {
      const [teacher] = await repo.teachers({ teacherId: user.id });
      if (!teacher) throw new AppError('not_found', 'Your account has no teacher profile.');
      return workloadOf(teacher, input);
    },

    /** Any teacher's workload, for staff. */
    async teacher(input: Period & { teacherId: number }): Promise<TeacherWorkload> {
      const [teacher] = await repo.teachers({ teacherId: input.teacherId });
      if (!teacher) throw new AppError('not_found', 'There is no such teacher.');
      return workloadOf(teacher, input);
    },

    /** Every teacher's totals (a department's, when given), each marked behind, over or ok. */
    async teachers(input: Period & { departmentId?: number }) {
      const period = await deps.halfYearOf(input);
      const [teachers, departments, entries, unscheduled, recorded] = await Promise.all([
        repo.teachers({ departmentId: input.departmentId }),
        repo.departments(),
        repo.entries(period.year, period.ws, null),
        repo.unscheduled(period.year, period.ws, null),
        deps.lessonCounts(period.year, period.ws, null),
      ]);
      const now = today();
      const [e, u, r] = [byTeacher(entries), byTeacher(unscheduled), byTeacher(recorded)];
      return {
        year: period.year,
        ws: period.ws,
        asOf: now.date,
        departments,
        teachers: teachers.map((t) => {
          const totals = sum(rowsOf(e.get(t.id) ?? [], u.get(t.id) ?? [], r.get(t.id) ?? [], period, now));
          return { id: t.id, name: t.name, departmentId: t.department.id, ...totals, status: statusOf(totals) };
        }),
      };
    },
  };
}

export type WorkloadService = ReturnType<typeof createWorkloadService>;
