import type { GradingSheet, SheetSummary } from '@okuu/contracts/grading/sheets';
import { cellSave, sheetClose, teacherSheet, teacherSheets } from '@okuu/contracts/grading/sheets';
import pg from 'pg';
import { signInAll } from '../lib/api.ts';
import { assertLocal, browserAcceptEncoding, percentile } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';
import { postJson } from './chat-common.ts';

/** The sizes the issue sets: a sheet of 30 read under load, a stream's sheet of 300 closed. */
const students = 30;
const streamStudents = 300;
/** Sessions of the sheet's teachers saving cells at once, each its own students' cells (no two on one cell). */
const writers = 10;
const writeSec = 5;
/** Sessions saving the very same cell with the same version at once: one must win, the others get stale_cell. */
const racers = 10;
const requestTimeoutMs = 30_000;

/**
 * Sets the stage: teacher1's open regular sheet with the most students up to 30 (its group's, made up to 30 with
 * others of the university as the sheet's own students, as a retake's are), else a sheet of 30 of a stream's students,
 * with the control points of every student filled.
 * Returns its id.
 */
async function stageReadSheet(client: pg.Client, sheets: SheetSummary[]): Promise<number> {
  const open = sheets
    .filter((s) => s.kind === 'regular' && s.status === 'open')
    .sort((a, b) => b.students - a.students);
  // The fullest sheet of at most 30, else the smallest (a stream's sheet holds every group of it).
  const sheet = open.find((s) => s.students <= students) ?? open[open.length - 1];
  if (!sheet) throw new Error('teacher1 has no open regular grading sheet this half-year');
  let id = sheet.id;
  await client.query('BEGIN');
  try {
    // A stream's sheet holds every group of it (hundreds): a sheet of 30 of its students is made instead, kept as an
    // individual sheet's students are. Made anew each run.
    id =
      sheet.students <= students
        ? sheet.id
        : ((
            await client.query<{ id: number }>(
              `INSERT INTO grading_sheets (kind, academic_year_id, half_year_kind, semester_id, discipline_id,
                                           group_id, stream_id, examination_type_id, credits, columns, admission_min,
                                           created_by)
               SELECT 'individual', academic_year_id, half_year_kind, semester_id, discipline_id, group_id, stream_id,
                      examination_type_id, credits, columns, admission_min, created_by
                 FROM grading_sheets WHERE id = $1
               RETURNING id`,
              [sheet.id],
            )
          ).rows[0]?.id as number);
    if (id !== sheet.id)
      await client.query(
        `INSERT INTO grading_sheet_students (sheet_id, student_id)
         SELECT $1, sp.user_id FROM student_profiles sp
          WHERE sp.group_id IN (SELECT group_id FROM grading_sheets WHERE id = $2 AND group_id IS NOT NULL
                                UNION ALL SELECT sg.group_id FROM grading_sheets s
                                  JOIN stream_groups sg ON sg.stream_id = s.stream_id WHERE s.id = $2)
          ORDER BY sp.user_id LIMIT $3`,
        [id, sheet.id, students],
      );
    else
      await client.query(
        `INSERT INTO grading_sheet_students (sheet_id, student_id)
       SELECT $1, user_id FROM student_profiles
        WHERE group_id NOT IN (SELECT group_id FROM grading_sheets WHERE id = $1 AND group_id IS NOT NULL
                               UNION ALL SELECT sg.group_id FROM grading_sheets s
                                 JOIN stream_groups sg ON sg.stream_id = s.stream_id WHERE s.id = $1)
        ORDER BY user_id LIMIT greatest(0, $2::int - $3::int)
       ON CONFLICT DO NOTHING`,
        [sheet.id, students, sheet.students],
      );
    // The control points (not the exam) of every student: a sheet in the middle of the half-year.
    await client.query(
      `INSERT INTO grading_cells (sheet_id, student_id, position, points, version, updated_by)
       SELECT s.id, m.id, c.n - 1, (m.id + c.n) % ((c.col->>'max')::int + 1), 1, s.created_by
         FROM grading_sheets s
        CROSS JOIN LATERAL (SELECT sp.user_id AS id FROM student_profiles sp
                             WHERE s.kind = 'regular'
                               AND (sp.group_id = s.group_id
                                    OR sp.group_id IN (SELECT sg.group_id FROM stream_groups sg
                                                        WHERE sg.stream_id = s.stream_id))
                            UNION SELECT g.student_id FROM grading_sheet_students g WHERE g.sheet_id = s.id) m
        CROSS JOIN LATERAL jsonb_array_elements(s.columns) WITH ORDINALITY c(col, n)
        WHERE s.id = $1 AND c.col->>'kind' = 'module'
       ON CONFLICT DO NOTHING`,
      [id],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
  return id;
}

/**
 * A sheet of 300 students for teacher1 to close: like their sheet of a stream's discipline (its fields copied), its
 * students those of the stream's groups, made up to 300 with others, every cell filled. Made anew each run (a closed
 * sheet stays: its events are append-only); returns its id.
 */
async function stageStreamSheet(client: pg.Client, fromSheet: number): Promise<number> {
  await client.query('BEGIN');
  try {
    const made = await client.query<{ id: number }>(
      `INSERT INTO grading_sheets (kind, academic_year_id, half_year_kind, semester_id, discipline_id, group_id,
                                   stream_id, examination_type_id, credits, columns, admission_min, created_by)
       SELECT 'individual', academic_year_id, half_year_kind, semester_id, discipline_id, group_id, stream_id,
              examination_type_id, credits, columns, admission_min, (SELECT id FROM users WHERE login = 'teacher1')
         FROM grading_sheets WHERE id = $1
       RETURNING id`,
      [fromSheet],
    );
    const id = (made.rows[0] as { id: number }).id;
    await client.query(
      `INSERT INTO grading_sheet_students (sheet_id, student_id)
       SELECT $1, sp.user_id FROM student_profiles sp, grading_sheets s
        WHERE s.id = $1
        ORDER BY sp.group_id IS DISTINCT FROM s.group_id,
                 sp.group_id NOT IN (SELECT g2.group_id FROM stream_groups g1 JOIN stream_groups g2 USING (stream_id)
                                      WHERE g1.group_id = s.group_id OR g1.stream_id = s.stream_id),
                 sp.user_id
        LIMIT $2`,
      [id, streamStudents],
    );
    await client.query(
      `INSERT INTO grading_cells (sheet_id, student_id, position, points, version, updated_by)
       SELECT s.id, m.student_id, c.n - 1, (m.student_id * 7 + c.n) % ((c.col->>'max')::int + 1), 1, s.created_by
         FROM grading_sheets s JOIN grading_sheet_students m ON m.sheet_id = s.id
        CROSS JOIN LATERAL jsonb_array_elements(s.columns) WITH ORDINALITY c(col, n)
        WHERE s.id = $1`,
      [id],
    );
    await client.query('COMMIT');
    return id;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

interface Outcome {
  ms: number;
  status: number;
  code: string | null;
}

/**
 * teacher1 reading a sheet of 30 students over and over (the table's row), after two measurements of writes: the
 * sheet's teachers saving cells at once for a few seconds (each its own students'), and sessions saving one cell with
 * the same version at once (one wins, the others get 409 stale_cell); then the close of a 300-student stream sheet,
 * which writes every student's result to the transcript in one transaction.
 */
export const gradingSheetScenario: Scenario = {
  name: 'grading-sheet',
  description: `POST ${teacherSheet.path}: teacher1's sheet of ${students} students; saves of ${writers} writers; close of ${streamStudents}`,
  targets: [
    { metric: 'ratio', op: '>=', value: 0.25, label: 'requests/s ≥ 25% of the baseline' },
    { metric: 'p99Ms', op: '<', value: 50, label: 'p99 < 50 ms' },
    { metric: 'closeMs', op: '<', value: 2000, label: `close of ${streamStudents} < 2 s` },
    { metric: 'closeResults', op: '>=', value: streamStudents, label: `${streamStudents} results written` },
    { metric: 'saveErrors', op: '<=', value: 0, label: 'no failed save' },
    { metric: 'raceWinners', op: '<=', value: 1, label: 'one write of a raced cell wins' },
    { metric: 'raceStale', op: '>=', value: racers - 1, label: 'the others get stale_cell' },
  ],
  async run(ctx) {
    const url = (path: string) => {
      const u = new URL(path, ctx.baseUrl).toString();
      assertLocal(u);
      return u;
    };
    const [teacher, ...more] = await signInAll(
      ctx.baseUrl,
      Array.from({ length: Math.max(writers, racers) + 1 }, () => 'teacher1'),
      ctx.settings.password,
    );
    const token = teacher as string;
    const sheets = await postJson<SheetSummary[]>(ctx.baseUrl, teacherSheets.path, token, {});
    const client = new pg.Client({ connectionString: ctx.settings.databaseUrl });
    await client.connect();
    let readId: number;
    let closeId: number;
    try {
      readId = await stageReadSheet(client, sheets);
      closeId = await stageStreamSheet(client, readId);
    } finally {
      await client.end().catch(() => {});
    }
    const sheet = await postJson<GradingSheet>(ctx.baseUrl, teacherSheet.path, token, { id: readId });
    if (sheet.rows.length < students) throw new Error(`the sheet has ${sheet.rows.length} students`);
    ctx.log(`sheet ${readId}: ${sheet.rows.length} students × ${sheet.columns.length} columns`);

    const save = async (cookie: string, body: object): Promise<Outcome & { data: unknown }> => {
      const t0 = performance.now();
      try {
        const res = await fetch(url(cellSave.path), {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `token=${cookie}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        const reply = (await res.json().catch(() => null)) as { error?: { code?: string } | null; data?: unknown };
        return { ms: performance.now() - t0, status: res.status, code: reply?.error?.code ?? null, data: reply?.data };
      } catch {
        return { ms: performance.now() - t0, status: 0, code: null, data: null };
      }
    };

    // Writers: each its own students' control points, one save after the other, with the version it got back.
    const modules = sheet.columns.flatMap((c, i) => (c.kind === 'module' ? [i] : []));
    const saves: Outcome[] = [];
    const until = performance.now() + writeSec * 1000;
    ctx.log(`${writers} writers saving cells for ${writeSec} s`);
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const mine = sheet.rows.filter((_, r) => r % writers === w);
        const versions = new Map<string, number>();
        let n = 0;
        while (performance.now() < until) {
          const row = mine[n % mine.length];
          const column = modules[Math.floor(n / mine.length) % modules.length] as number;
          if (!row) break;
          const key = `${row.studentId}:${column}`;
          const version = versions.get(key) ?? row.cells[column]?.version ?? 0;
          const max = sheet.columns[column]?.max ?? 0;
          const outcome = await save(more[w] as string, {
            id: readId,
            studentId: row.studentId,
            column,
            points: (n * 7 + w) % (max + 1),
            version,
          });
          saves.push(outcome);
          const cell = (outcome.data as { cell?: { version: number } } | null)?.cell;
          if (cell) versions.set(key, cell.version);
          n++;
        }
      }),
    );
    const saveTimes = Float64Array.from(saves.map((o) => o.ms)).sort();
    const saveFailures = saves.filter((o) => o.status !== 200);

    // The race: every session writes the first student's first cell with the version they all read.
    const fresh = await postJson<GradingSheet>(ctx.baseUrl, teacherSheet.path, token, { id: readId });
    const first = fresh.rows[0];
    const race = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        save(more[i] as string, {
          id: readId,
          studentId: first?.studentId,
          column: 0,
          points: i,
          version: first?.cells[0]?.version ?? 0,
        }),
      ),
    );
    const raceWinners = race.filter((o) => o.status === 200).length;
    const raceStale = race.filter((o) => o.status === 409 && o.code === 'stale_cell').length;
    ctx.log(`race on one cell: ${raceWinners} saved, ${raceStale} stale_cell`);

    // The close of the 300-student sheet, timed from the teacher's side.
    const t0 = performance.now();
    const closed = await postJson<GradingSheet>(ctx.baseUrl, sheetClose.path, token, { id: closeId, confirm: true });
    const closeMs = Math.round(performance.now() - t0);
    const check = new pg.Client({ connectionString: ctx.settings.databaseUrl });
    await check.connect();
    let closeResults = 0;
    try {
      closeResults = Number(
        (await check.query<{ n: string }>('SELECT count(*) AS n FROM grading_results WHERE sheet_id = $1', [closeId]))
          .rows[0]?.n ?? 0,
      );
    } finally {
      await check.end().catch(() => {});
    }
    ctx.log(`closed sheet ${closeId} (${closed.rows.length} students) in ${closeMs} ms, ${closeResults} results`);

    const measured = await ctx.load({
      path: teacherSheet.path,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': browserAcceptEncoding,
        cookie: `token=${token}`,
      },
      body: JSON.stringify({ id: readId }),
    });
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      ...measured,
      metrics: {
        ...measured.metrics,
        savesPerSec: round(saves.length / writeSec),
        saveP50Ms: round(percentile(saveTimes, 50)),
        saveP99Ms: round(percentile(saveTimes, 99)),
        saveErrors: saveFailures.length,
        raceWinners,
        raceStale,
        closeMs,
        closeResults,
      },
      details: {
        ...(measured.details as object),
        saveFailures: Object.fromEntries(
          [...new Set(saveFailures.map((o) => `${o.status} ${o.code ?? ''}`))].map((k) => [
            k,
            saveFailures.filter((o) => `${o.status} ${o.code ?? ''}` === k).length,
          ]),
        ),
      },
    };
  },
};
