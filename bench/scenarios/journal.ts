import { teacherJournal } from '@okuu/contracts/journal/journal';
import pg from 'pg';
import { signInAll } from '../lib/api.ts';
import type { Scenario } from '../lib/types.ts';
import { postJson } from './chat-common.ts';

/** The size the issue sets: a class of 30 with 60 lessons. */
const students = 30;
const lessons = 60;
const subgroupName = 'bench-journal-30';

/**
 * Sets the stage in one transaction: a subgroup of teacher1's first group (its students, made up to 30 with others)
 * and, in teacher1's practice of that group this half-year, 60 lessons of it with a mark for every student. An
 * earlier run's subgroup goes first (its lessons and marks with it).
 */
async function setStage(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const [a] = (
      await client.query<{ year: number; ws: number; disciplineId: number; kindId: number; groupId: number }>(
        `SELECT a.academic_year_id AS year, a.half_year_kind AS ws, a.discipline_id AS "disciplineId",
                a.lesson_kind_id AS "kindId", a.group_id AS "groupId"
           FROM teaching_assignments a JOIN users u ON u.id = a.teacher_id
           JOIN half_years h ON h.academic_year_id = a.academic_year_id AND h.kind = a.half_year_kind
          WHERE u.login = 'teacher1' AND a.group_id IS NOT NULL AND current_date BETWEEN h.starts_on AND h.ends_on
          ORDER BY a.group_id, a.id LIMIT 1`,
      )
    ).rows;
    if (!a) throw new Error("teacher1 teaches no group's practice this half-year");
    await client.query('DELETE FROM subgroups WHERE name = $1', [subgroupName]);
    const [sg] = (
      await client.query<{ id: number }>('INSERT INTO subgroups (group_id, name) VALUES ($1, $2) RETURNING id', [
        a.groupId,
        subgroupName,
      ])
    ).rows;
    const subgroupId = (sg as { id: number }).id;
    await client.query(
      `INSERT INTO subgroup_members (subgroup_id, student_id)
       SELECT $1, user_id FROM student_profiles ORDER BY group_id <> $2, user_id LIMIT $3`,
      [subgroupId, a.groupId, students],
    );
    // 60 lessons: the half-year's first days, slots 1–7 and times 1–3 in turn (all distinct).
    await client.query(
      `INSERT INTO journal_lessons (academic_year_id, half_year_kind, discipline_id, lesson_kind_id, subgroup_id,
                                    visit_date, time_slot_id, times_count, teacher_id)
       SELECT $1, $2, $3, $4, $5, h.starts_on + (n / 7), (SELECT id FROM time_slots ORDER BY number OFFSET n % 7 LIMIT 1),
              1, (SELECT id FROM users WHERE login = 'teacher1')
         FROM half_years h, generate_series(0, $6 - 1) n
        WHERE h.academic_year_id = $1 AND h.kind = $2`,
      [a.year, a.ws, a.disciplineId, a.kindId, subgroupId, lessons],
    );
    await client.query(
      `INSERT INTO journal_marks (lesson_id, student_id, assessment_id)
       SELECT l.id, m.student_id, 1 + (l.id + m.student_id) % 6
         FROM journal_lessons l JOIN subgroup_members m ON m.subgroup_id = l.subgroup_id
        WHERE l.subgroup_id = $1`,
      [subgroupId],
    );
    await client.query('COMMIT');
    return {
      year: a.year,
      ws: a.ws,
      id_discipline: a.disciplineId,
      id_vid_zaniatiy: a.kindId,
      groupType: 'subgroup',
      id_group: subgroupId,
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** A teacher reopening the journal of a class of 30 with 60 lessons (getjournal), over and over. */
export const journalScenario: Scenario = {
  name: 'journal',
  description: `POST ${teacherJournal.path}: teacher1's journal of ${students} students × ${lessons} lessons`,
  targets: [
    { metric: 'ratio', op: '>=', value: 0.25, label: 'requests/s ≥ 25% of the baseline' },
    { metric: 'p99Ms', op: '<', value: 50, label: 'p99 < 50 ms' },
  ],
  async run(ctx) {
    const key = await setStage(ctx.settings.databaseUrl);
    const [token] = await signInAll(ctx.baseUrl, ['teacher1'], ctx.settings.password);
    const journal = await postJson<{ dates: unknown[]; rows: unknown[] }>(
      ctx.baseUrl,
      teacherJournal.path,
      token as string,
      key,
    );
    if (journal.rows.length !== students || journal.dates.length !== lessons) {
      throw new Error(`the journal has ${journal.rows.length} students and ${journal.dates.length} lessons`);
    }
    ctx.log(`journal of ${journal.rows.length} × ${journal.dates.length}`);
    return ctx.load({
      path: teacherJournal.path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate', cookie: `token=${token}` },
      body: JSON.stringify(key),
    });
  },
};
