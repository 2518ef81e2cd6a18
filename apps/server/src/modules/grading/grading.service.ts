import { roles } from '@okuu/contracts/endpoint';
import type { Rating, RatingScope } from '@okuu/contracts/grading/rating';
import { defaultScheme, rowTotals } from '@okuu/contracts/grading/rules';
import type { GradingSheet, MyDiscipline, SheetSummary } from '@okuu/contracts/grading/sheets';
import type { GradeBand } from '@okuu/contracts/transcript/grade-scale';
import type { GradingColumn } from '../../db/schema/grading.ts';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import type { Change } from '../../lib/changes.ts';
import { JsonReply } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import { validationError } from '../../lib/validation.ts';
import type { FinalResultInput } from '../transcript/transcript.service.ts';
import type { GradingQueries, GradingRepository, SheetRow } from './grading.repository.ts';

type Period = { year?: number; ws?: number };

/** What the grading sheet needs of other modules: the calendar, the transcript (scale, results), the journal. */
export interface GradingDeps {
  repo: GradingRepository;
  halfYearOf: (input: Period) => Promise<HalfYear>;
  scale: () => Promise<GradeBand[]>;
  recordResults: (change: Change, results: readonly FinalResultInput[]) => Promise<void>;
  attendance: (
    year: number,
    ws: number,
    disciplineId: number,
    studentIds: number[],
  ) => Promise<{ studentId: number; absences: number; points: number }[]>;
}

/** The SQLSTATE of the trigger that refuses writes to a closed sheet's cells (migration grading). */
const closedState = 'GS409';

function isClosedRefusal(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === closedState) return true;
  }
  return false;
}

/** Columns as the audit log shows them: '30 + 30 + 40', the exam's maximum last. */
const columnsText = (columns: readonly GradingColumn[]) => columns.map((c) => c.max).join(' + ');

const closedError = () => new AppError('sheet_closed', 'The grading sheet is closed: staff can reopen it.');

function summaryOf(s: SheetRow): SheetSummary {
  return {
    id: s.id,
    kind: s.kind,
    status: s.status,
    year: s.year,
    ws: s.ws,
    discipline: { id: s.disciplineId, code: s.code, ...s.discipline },
    audience: s.audience,
    credits: s.credits,
    students: s.students,
    filled: s.filled,
    cells: s.students * s.columns.length,
    closedAt: s.closedAt,
  };
}

/** Points per column of each student, from a sheet's cells. */
function grid(
  columns: GradingColumn[],
  cells: { studentId: number; position: number; points: number | null; version: number }[],
) {
  const byStudent = new Map<number, { points: number | null; version: number }[]>();
  for (const c of cells) {
    let row = byStudent.get(c.studentId);
    if (!row) {
      row = columns.map(() => ({ points: null, version: 0 }));
      byStudent.set(c.studentId, row);
    }
    if (c.position < row.length) row[c.position] = { points: c.points, version: c.version };
  }
  return (studentId: number) => byStudent.get(studentId) ?? columns.map(() => ({ points: null, version: 0 }));
}

export function createGradingService(deps: GradingDeps) {
  const { repo } = deps;

  async function sheetRow(id: number): Promise<SheetRow> {
    const [found] = await repo.sheets({ ids: [id] });
    if (!found) throw new AppError('not_found', 'There is no such grading sheet.');
    return found;
  }

  // A sheet as read is kept ready a minute (a teacher reopening the grid, staff looking it over), and so is whether a
  // teacher teaches it. A change to a sheet (topic `grading`, its id) drops it; one to the journals (attendance) or the
  // scale drops every sheet; one to the timetable (who teaches what) every answer of `teaching`.
  const views = createChangeCache<{
    row: SheetRow;
    data: GradingSheet;
    replies: Map<boolean, JsonReply<GradingSheet>>;
  }>({ ttlMs: 60_000, maxEntries: 2_000 });
  const teaching = createChangeCache<boolean>({ ttlMs: 60_000, maxEntries: 20_000 });
  const forget = {
    sheet: (payload: string | null) => (payload ? views.delete(payload) : views.clear()),
    sheets: () => views.clear(),
    teaching: () => teaching.clear(),
  };

  /** Whether a teacher teaches a sheet; a yes is kept (a no is asked again: the sheet may be given them meanwhile). */
  async function teaches(teacherId: number, sheetId: number): Promise<boolean> {
    const key = `${teacherId}:${sheetId}`;
    const yes = await teaching.get(key, () => repo.teaches(teacherId, sheetId));
    if (!yes) teaching.delete(key);
    return yes;
  }

  /** Runs grading writes in one transaction that announces `grading`: the sheet changed, or any (null). */
  const write = <T>(sheetId: number | null, fn: (q: GradingQueries, change: Change) => Promise<T>): Promise<T> =>
    repo.transaction(async (q, change) => {
      const result = await fn(q, change);
      change.announce('grading', sheetId === null ? '' : String(sheetId));
      return result;
    });

  /** The sheet as read (kept ready), if the caller may read it: staff any, a teacher one they teach (403 otherwise). */
  async function readable(user: AuthUser, id: number) {
    const view = await views.get(String(id), async () => {
      const row = await sheetRow(id);
      return { row, data: await load(row), replies: new Map<boolean, JsonReply<GradingSheet>>() };
    });
    if (user.role === roles.staff) return view;
    if (user.role !== roles.teacher || !(await teaches(user.id, id))) {
      throw new AppError('forbidden', 'You do not teach the discipline of this grading sheet to its group.');
    }
    return view;
  }

  /** Whether the caller may write the sheet's cells: its teacher, while it is open. */
  const editable = (user: AuthUser, sheet: SheetRow) => user.role === roles.teacher && sheet.status === 'open';

  async function sheetOf(user: AuthUser, id: number): Promise<GradingSheet> {
    const view = await readable(user, id);
    return { ...view.data, editable: editable(user, view.row) };
  }

  async function load(sheet: SheetRow): Promise<GradingSheet> {
    const [members, cells, scale, header, teachers, events] = await Promise.all([
      repo.members(sheet.id),
      repo.cells(sheet.id),
      deps.scale(),
      repo.header(sheet.id),
      repo.teachers(sheet.id),
      repo.events(sheet.id),
    ]);
    const attendance = new Map(
      (
        await deps.attendance(
          sheet.year,
          sheet.ws,
          sheet.disciplineId,
          members.map((m) => m.id),
        )
      ).map((a) => [a.studentId, { absences: a.absences, points: a.points }]),
    );
    const cellsOf = grid(sheet.columns, cells);
    return {
      ...summaryOf(sheet),
      semester: sheet.semesterId,
      examinationType: header?.examinationType ?? null,
      faculty: header?.faculty ?? { name: '', nameKg: '', nameEn: '' },
      teachers,
      columns: sheet.columns,
      admissionMin: sheet.admissionMin,
      rows: members.map((m) => {
        const row = cellsOf(m.id);
        return {
          studentId: m.id,
          name: m.name,
          recordBook: m.recordBook,
          group: m.group,
          cells: row,
          totals: rowTotals(
            sheet.columns,
            row.map((c) => c.points),
            sheet.admissionMin,
            scale,
          ),
          attendance: attendance.get(m.id) ?? { absences: 0, points: 0 },
        };
      }),
      events,
      editable: false,
    };
  }

  async function schemeOf(disciplineId: number) {
    const found = await repo.scheme(disciplineId);
    return found ? { disciplineId, ...found, isDefault: false } : { disciplineId, ...defaultScheme, isDefault: true };
  }

  /** A student's own points per discipline in a half-year: the latest sheet of each discipline they are on. */
  async function myPointsOf(user: AuthUser, input: Period): Promise<MyDiscipline[]> {
    const period = await deps.halfYearOf(input);
    const sheets = await repo.sheets({ studentId: user.id, year: period.year, ws: period.ws });
    const latest = new Map<number, SheetRow>();
    for (const s of [...sheets].sort((a, b) => a.id - b.id)) latest.set(s.disciplineId, s);
    const chosen = [...latest.values()].sort((a, b) => a.code.localeCompare(b.code));
    const [cells, scale] = await Promise.all([
      repo.cellsOfSheets(
        chosen.map((s) => s.id),
        user.id,
      ),
      deps.scale(),
    ]);
    return chosen.map((s) => {
      const row = grid(
        s.columns,
        cells.filter((c) => c.sheetId === s.id),
      )(user.id).map((c) => c.points);
      return {
        sheetId: s.id,
        kind: s.kind,
        status: s.status,
        discipline: { id: s.disciplineId, code: s.code, ...s.discipline },
        credits: s.credits,
        columns: s.columns,
        admissionMin: s.admissionMin,
        points: row,
        totals: rowTotals(s.columns, row, s.admissionMin, scale),
      };
    });
  }

  /** Records a close or reopen for the readers that must not miss one (notifications). */
  const recordGrades = (
    change: Change,
    event: 'closed' | 'reopened' | 'issued',
    sheet: Pick<SheetRow, 'id' | 'kind' | 'disciplineId' | 'audience' | 'year' | 'ws'>,
    students: number[],
  ) =>
    change.record('grades', {
      event,
      sheetId: sheet.id,
      kind: sheet.kind,
      disciplineId: sheet.disciplineId,
      audience: { kind: sheet.audience.kind, id: sheet.audience.id },
      year: sheet.year,
      ws: sheet.ws,
      students,
    });

  return {
    forget,

    async teacherSheets(user: AuthUser, input: Period): Promise<SheetSummary[]> {
      const period = await deps.halfYearOf(input);
      // Makes the sheets not made yet: no sheet read so far changes.
      await repo.transaction(async (q) => q.ensureSheets(user.id, period.year, period.ws, defaultScheme));
      return (await repo.sheets({ teacherId: user.id, year: period.year, ws: period.ws })).map(summaryOf);
    },

    async staffSheets(input: Period & { groupId?: number; status?: 'open' | 'closed' }): Promise<SheetSummary[]> {
      const period = await deps.halfYearOf(input);
      return (
        await repo.sheets({ year: period.year, ws: period.ws, groupId: input.groupId, status: input.status })
      ).map(summaryOf);
    },

    sheet: sheetOf,

    /** The sheet as read, encoded once for every caller who sees it alike. */
    async sheetReply(user: AuthUser, id: number): Promise<JsonReply<GradingSheet>> {
      const view = await readable(user, id);
      const mode = editable(user, view.row);
      let reply = view.replies.get(mode);
      if (!reply) {
        reply = new JsonReply({ ...view.data, editable: mode });
        view.replies.set(mode, reply);
      }
      return reply;
    },

    async saveCell(
      user: AuthUser,
      input: { id: number; studentId: number; column: number; points: number | null; version: number },
    ) {
      const { row: sheet } = await readable(user, input.id);
      const column = sheet.columns[input.column];
      if (!column) {
        throw validationError([
          { path: ['column'], rule: 'out_of_range', params: { min: 0, max: sheet.columns.length - 1 } },
        ]);
      }
      if (input.points !== null && (input.points < 0 || input.points > column.max)) {
        throw validationError([{ path: ['points'], rule: 'out_of_range', params: { min: 0, max: column.max } }]);
      }
      if (!(await repo.isMember(sheet.id, input.studentId))) {
        throw validationError([{ path: ['studentId'], rule: 'not_in_group' }]);
      }
      const scale = await deps.scale();
      try {
        return await write(sheet.id, async (q, change) => {
          const locked = await q.lock(sheet.id, 'share');
          if (locked?.status !== 'open') throw closedError();
          const before = await q.cells(sheet.id, input.studentId);
          const row = grid(sheet.columns, before)(input.studentId);
          if (column.kind === 'exam' && input.points !== null) {
            const totals = rowTotals(
              sheet.columns,
              row.map((c) => c.points),
              sheet.admissionMin,
              scale,
            );
            if (!totals.admitted) {
              throw new AppError(
                'not_admitted',
                `The student has ${totals.modules} points from the control points; ${sheet.admissionMin} are needed to sit the examination.`,
              );
            }
          }
          const written = await q.putCell(
            sheet.id,
            input.studentId,
            input.column,
            input.points,
            input.version,
            user.id,
          );
          if (!written) {
            change.unchanged();
            // As it is now: the other write has committed (ours waited for it), and this statement sees it.
            const current = grid(sheet.columns, await q.cells(sheet.id, input.studentId))(input.studentId);
            const now = current[input.column] ?? { points: null, version: 0 };
            throw new AppError(
              'stale_cell',
              'The cell has changed since it was read (another teacher saved it): here it is as it is now.',
              now,
            );
          }
          row[input.column] = written;
          return {
            cell: written,
            totals: rowTotals(
              sheet.columns,
              row.map((c) => c.points),
              sheet.admissionMin,
              scale,
            ),
          };
        });
      } catch (err) {
        if (isClosedRefusal(err)) throw closedError();
        throw err;
      }
    },

    async close(user: AuthUser, id: number): Promise<GradingSheet> {
      const { row: sheet } = await readable(user, id);
      const scale = await deps.scale();
      await write(id, async (q, change) => {
        const locked = await q.lock(id, 'update');
        if (locked?.status !== 'open') throw closedError();
        // One after the other: a transaction's client runs one query at a time (pg 9 refuses overlapping ones).
        const members = await q.members(id);
        const cells = await q.cells(id);
        const replaced = await q.replacedStudents(id);
        const cellsOf = grid(sheet.columns, cells);
        const results = members.map((m) => ({
          studentId: m.id,
          points: rowTotals(
            sheet.columns,
            cellsOf(m.id).map((c) => c.points),
            sheet.admissionMin,
            scale,
          ).total,
          credits: sheet.credits,
        }));
        await q.markClosed(id, user.id);
        await q.addEvent(id, 'close', '', user.id);
        await q.putResults(id, results);
        const skip = new Set(replaced);
        await deps.recordResults(
          change,
          results
            .filter((r) => !skip.has(r.studentId))
            .map((r) => ({
              studentId: r.studentId,
              disciplineId: sheet.disciplineId,
              academicYearId: sheet.year,
              halfYearKind: sheet.ws,
              semesterId: sheet.semesterId,
              examinationTypeId: sheet.examinationTypeId,
              credits: sheet.credits,
              points: r.points,
            })),
        );
        await recordGrades(
          change,
          'closed',
          sheet,
          results.map((r) => r.studentId),
        );
      });
      return sheetOf(user, id);
    },

    async reopen(user: AuthUser, id: number, reason: string): Promise<GradingSheet> {
      const sheet = await sheetRow(id);
      await write(id, async (q, change) => {
        const locked = await q.lock(id, 'update');
        if (locked?.status !== 'closed') {
          change.unchanged();
          throw new AppError('sheet_open', 'The grading sheet is open: there is nothing to reopen.');
        }
        await q.markOpen(id);
        await q.addEvent(id, 'reopen', reason, user.id);
        const members = await q.members(id);
        change.audit({
          targetType: 'gradingSheet',
          targetId: id,
          targetName: `${sheet.code} ${sheet.discipline.name} — ${sheet.audience.name} (${sheet.year}/${sheet.ws})`,
          after: { reason },
        });
        await recordGrades(
          change,
          'reopened',
          sheet,
          members.map((m) => m.id),
        );
      });
      return sheetOf(user, id);
    },

    scheme: schemeOf,

    /** A discipline's control points (its module columns), numbered from 1, which a test may feed. */
    async controlPoints(disciplineId: number): Promise<{ number: number; max: number }[]> {
      return (await schemeOf(disciplineId)).columns
        .filter((c) => c.kind === 'module')
        .map((c, i) => ({ number: i + 1, max: c.max }));
    },

    /**
     * Gives a share (0–1) of control point `controlPoint` (1 the first module column) to a student, on their group's
     * open sheet of the discipline this half-year (made now if the teacher has not opened their list yet), within
     * another module's change (a test's score). A closed sheet, or none, is left as it is.
     */
    async feed(
      change: Change,
      input: { teacherId: number; studentId: number; disciplineId: number; controlPoint: number; share: number },
    ): Promise<void> {
      // No half-year in the calendar today: no sheet to give it to (the test's own score stands).
      const period = await deps.halfYearOf({}).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not_found') return null;
        throw err;
      });
      if (!period) return;
      const q = repo.within(change);
      await q.ensureSheets(input.teacherId, period.year, period.ws, defaultScheme);
      const sheet = await q.openSheetOf(input.studentId, input.disciplineId, period.year, period.ws);
      if (!sheet) return;
      const position = sheet.columns.flatMap((c, i) => (c.kind === 'module' ? [i] : []))[input.controlPoint - 1];
      const column = position === undefined ? undefined : sheet.columns[position];
      if (position === undefined || !column) return;
      const points = Math.round(Math.min(1, Math.max(0, input.share)) * column.max);
      if (await q.feedCell(sheet.id, input.studentId, position, points, input.teacherId)) {
        change.announce('grading', String(sheet.id));
      }
    },

    async saveScheme(user: AuthUser, input: { disciplineId: number; columns: GradingColumn[]; admissionMin: number }) {
      const disciplineName = await repo.disciplineName(input.disciplineId);
      if (disciplineName === null) {
        throw validationError([{ path: ['disciplineId'], rule: 'unknown_record' }]);
      }
      const modules = input.columns.filter((c) => c.kind === 'module').reduce((s, c) => s + c.max, 0);
      if (input.columns.some((c) => c.kind === 'exam') && input.admissionMin > modules) {
        throw validationError([{ path: ['admissionMin'], rule: 'too_big', params: { max: modules } }]);
      }
      const before = await schemeOf(input.disciplineId);
      await write(null, async (q, change) => {
        await q.putScheme(input.disciplineId, input.columns, input.admissionMin, user.id);
        change.audit({
          targetType: 'discipline',
          targetId: input.disciplineId,
          targetName: disciplineName,
          before: { columns: columnsText(before.columns), admissionMin: before.admissionMin },
          after: { columns: columnsText(input.columns), admissionMin: input.admissionMin },
        });
      });
      return schemeOf(input.disciplineId);
    },

    async issueRetake(user: AuthUser, input: { id: number; studentId?: number }): Promise<SheetSummary> {
      const sheet = await sheetRow(input.id);
      if (sheet.status !== 'closed' || sheet.kind !== 'regular') {
        throw new AppError('sheet_open', 'A retake or individual sheet follows a closed regular sheet.');
      }
      let students: number[];
      if (input.studentId !== undefined) {
        if (!(await repo.isMember(sheet.id, input.studentId))) {
          throw validationError([{ path: ['studentId'], rule: 'not_in_group' }]);
        }
        students = [input.studentId];
      } else {
        const scale = await deps.scale();
        students = (await repo.results(sheet.id))
          .filter((r) => rowTotals([{ kind: 'module', max: 100 }], [r.points], 0, scale).passed === false)
          .map((r) => r.studentId);
        if (!students.length) throw new AppError('conflict', 'No student of this sheet is below the pass mark.');
      }
      const kind = input.studentId !== undefined ? 'individual' : 'retake';
      const id = await write(sheet.id, async (q, change) => {
        const made = await q.addFollowing(sheet.id, kind, students, user.id);
        await recordGrades(change, 'issued', { ...sheet, id: made, kind }, students);
        change.audit({
          targetType: 'gradingSheet',
          targetId: made,
          targetName: `${sheet.code} ${sheet.discipline.name} — ${sheet.audience.name}`,
          after: { students: students.length },
        });
        return made;
      });
      return summaryOf(await sheetRow(id));
    },

    /** The student's disciplines of this half-year whose points were written since `since`, as `myPoints` sums them. */
    async recentPoints(user: AuthUser, since: Date): Promise<MyDiscipline[]> {
      const mine = await myPointsOf(user, {});
      const changed = new Set(
        await repo.changedSince(
          mine.map((d) => d.sheetId),
          user.id,
          since,
        ),
      );
      return mine.filter((d) => changed.has(d.sheetId));
    },

    /** The teacher's sheets of this half-year still open once its end is `days` away or nearer (none before). */
    async dueSheets(user: AuthUser, now: Date, days: number): Promise<{ endsOn: string; sheets: SheetSummary[] }> {
      const period = await deps.halfYearOf({});
      const ends = Date.parse(`${period.endsOn}T23:59:59+06:00`);
      if (ends - now.getTime() > days * 86_400_000) return { endsOn: period.endsOn, sheets: [] };
      const sheets = await repo.sheets({ teacherId: user.id, year: period.year, ws: period.ws, status: 'open' });
      return { endsOn: period.endsOn, sheets: sheets.map(summaryOf) };
    },

    myPoints: myPointsOf,

    /** A rating, for whoever the route has checked may see it. */
    async rating(scope: RatingScope, id: number, input: Period & { whole?: boolean }): Promise<Rating> {
      const period = await deps.halfYearOf(input);
      const name = await repo.scopeName(scope, id);
      if (name === null) throw new AppError('not_found', `There is no such ${scope}.`);
      const rows = await repo.rating(scope, id, input.whole ? null : period);
      return {
        scope,
        id,
        name,
        year: period.year,
        ws: period.ws,
        whole: input.whole === true,
        rows: rows.map(({ gpaX100, ...r }) => ({ ...r, gpa: gpaX100 / 100 })),
      };
    },

    /** A student's place in a rating, with the spread of GPAs and no one else's name or grades. */
    async myRating(user: AuthUser, input: Period & { whole?: boolean; scope: RatingScope }) {
      const scopes = await repo.studentScopes(user.id);
      const id = scopes[input.scope] ?? scopes.group;
      const scope = scopes[input.scope] === null ? 'group' : input.scope;
      if (id === null) throw new AppError('not_found', 'You are in no group.');
      const full = await this.rating(scope, id, input);
      const mine = full.rows.find((r) => r.studentId === user.id);
      const distribution = Array.from({ length: 8 }, (_, i) => ({
        from: i / 2,
        to: i === 7 ? 4 : i / 2 + 0.49,
        count: 0,
      }));
      for (const r of full.rows) {
        const band = distribution[Math.min(7, Math.floor(r.gpa * 2))];
        if (band) band.count++;
      }
      return {
        scope,
        name: full.name,
        year: full.year,
        ws: full.ws,
        whole: full.whole,
        place: mine?.place ?? null,
        of: full.rows.length,
        gpa: mine?.gpa ?? null,
        points: mine?.points ?? 0,
        credits: mine?.credits ?? 0,
        distribution,
      };
    },

    /** A teacher's groups of the half-year and the rating of one of them (403 for a group they do not teach). */
    async teacherRating(user: AuthUser, input: Period & { whole?: boolean; groupId?: number }) {
      const period = await deps.halfYearOf(input);
      const groups = await repo.teacherGroups(user.id, period.year, period.ws);
      const groupId = input.groupId ?? groups[0]?.id;
      if (groupId === undefined) return { groups, rating: null };
      if (!groups.some((g) => g.id === groupId)) {
        throw new AppError('forbidden', 'You do not teach this group in this half-year.');
      }
      return { groups, rating: await this.rating('group', groupId, input) };
    },

    ratingScopes: () => repo.scopes(),
  };
}

export type GradingService = ReturnType<typeof createGradingService>;
