import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { gradingQueries } from '../modules/grading/grading.repository.ts';

const defaultColumns = JSON.stringify([
  { kind: 'module', max: 30 },
  { kind: 'module', max: 30 },
  { kind: 'exam', max: 40 },
]);

/**
 * The demo grading sheets (issue 38), after the final results:
 * - every discipline `teacherId` teaches in the current half-year has its sheet (a stream's for a discipline lectured
 *   to one); the demo group's students have the first two sheets partly filled, the rest empty;
 * - the demo group's sheet of one discipline of the half-year before is closed, its points adding up to what the
 *   transcript holds, and one of its students (not student1 or student2) failed it and passed a closed retake sheet,
 *   which is the result the transcript shows.
 * Returns the sheets made.
 */
export async function seedGrading(
  db: Db,
  opts: { teacherId: number; groupId: number; year: number; kind: number; retakeStudent: number },
): Promise<number> {
  const { teacherId, groupId, year, kind } = opts;
  const hash = (key: unknown) => sql`(('x' || substr(md5(${key}), 1, 7))::bit(28)::int)`;

  // The current half-year's sheets of what teacherId teaches, made as the teacher's first look at them makes them.
  await gradingQueries(db).ensureSheets(teacherId, year, kind, {
    columns: JSON.parse(defaultColumns),
    admissionMin: 30,
  });
  const covers = sql`(s.group_id = ${groupId}
    or s.stream_id in (select sg.stream_id from stream_groups sg where sg.group_id = ${groupId}))`;
  const first = await db.execute(sql`select min(s.id) as id from grading_sheets s
    where ${covers} and s.academic_year_id = ${year} and s.half_year_kind = ${kind}`);
  const firstId = (first as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0;
  // Control point 1 of the demo group's students on the first two sheets (12–30 points), and control point 2 on the
  // first.
  await db.execute(sql`
    insert into grading_cells (sheet_id, student_id, position, points, updated_by)
    select s.id, sp.user_id, p.position, 12 + ${hash(sql`s.id::text || ':' || sp.user_id::text || ':' || p.position::text`)} % 19,
           ${teacherId}
      from grading_sheets s join student_profiles sp on sp.group_id = ${groupId}
      cross join (values (0), (1)) p(position)
     where ${covers} and s.academic_year_id = ${year} and s.half_year_kind = ${kind}
       and s.id < ${firstId} + 2 and (p.position = 0 or s.id = ${firstId})`);

  // The half-year before (fall or spring): one discipline's sheet, closed, as the transcript has it.
  const before = (
    (await db.execute(sql`
      select f.academic_year_id as year, f.half_year_kind as ws, f.discipline_id as "disciplineId",
             f.semester_id as "semesterId", f.examination_type_id as "examinationTypeId", f.credits,
             hy.ends_on::text as "endsOn"
        from final_results f join student_profiles sp on sp.user_id = f.student_id
        join disciplines d on d.id = f.discipline_id
        join half_years hy on hy.academic_year_id = f.academic_year_id and hy.kind = f.half_year_kind
       where sp.group_id = ${groupId} and f.half_year_kind in (1, 2)
       order by f.academic_year_id desc, f.half_year_kind desc, d.code limit 1`)) as unknown as {
      rows: {
        year: number;
        ws: number;
        disciplineId: number;
        semesterId: number;
        examinationTypeId: number | null;
        credits: number;
        endsOn: string;
      }[];
    }
  ).rows[0];
  if (!before) return countSheets(db);
  // The retake student failed it first (40 points: FX), then passed the retake (62 points).
  await db.execute(sql`update final_results set points = 62
    where student_id = ${opts.retakeStudent} and academic_year_id = ${before.year}
      and half_year_kind = ${before.ws} and discipline_id = ${before.disciplineId}`);
  const closedAt = sql`(${before.endsOn}::date - 7)::timestamp at time zone 'Asia/Bishkek'`;
  const sheetOf = async (sheetKind: 'regular' | 'retake', parent: number | null) =>
    (
      (await db.execute(sql`
        insert into grading_sheets (kind, academic_year_id, half_year_kind, semester_id, discipline_id, group_id,
                                    examination_type_id, credits, columns, admission_min, parent_id, created_by, created_at)
        values (${sheetKind}, ${before.year}, ${before.ws}, ${before.semesterId}, ${before.disciplineId}, ${groupId},
                ${before.examinationTypeId}, ${before.credits}, ${defaultColumns}::jsonb, 30, ${parent}, ${teacherId},
                ${closedAt} - interval '90 days')
        returning id`)) as unknown as { rows: { id: number }[] }
    ).rows[0]?.id as number;
  const regular = await sheetOf('regular', null);
  // Points p split as the columns allow: the modules take up to 60 (half each), the exam the rest (none below 30).
  const split = (sheet: number, points: SQL, where: SQL) =>
    db.execute(sql`
      insert into grading_cells (sheet_id, student_id, position, points, updated_by, updated_at)
      select ${sheet}, r.student_id, c.position,
             case c.position when 0 then least(60, r.p) / 2 when 1 then least(60, r.p) - least(60, r.p) / 2
                             else r.p - least(60, r.p) end,
             ${teacherId}, ${closedAt}
        from (select f.student_id, ${points} as p from final_results f
               join student_profiles sp on sp.user_id = f.student_id
              where sp.group_id = ${groupId} and f.academic_year_id = ${before.year} and f.half_year_kind = ${before.ws}
                and f.discipline_id = ${before.disciplineId} and ${where}) r
       cross join (values (0), (1), (2)) c(position)
       where c.position < 2 or r.p >= 30`);
  const retakeStudent = sql`f.student_id = ${opts.retakeStudent}`;
  await split(regular, sql`case when f.student_id = ${opts.retakeStudent} then 40 else f.points end`, sql`true`);
  const retake = await sheetOf('retake', regular);
  await db.execute(
    sql`insert into grading_sheet_students (sheet_id, student_id) values (${retake}, ${opts.retakeStudent})`,
  );
  await split(retake, sql`f.points`, retakeStudent);
  for (const sheet of [regular, retake]) {
    await db.execute(sql`
      insert into grading_results (sheet_id, student_id, points, credits)
      select ${sheet}, c.student_id, sum(c.points), ${before.credits} from grading_cells c
       where c.sheet_id = ${sheet} group by c.student_id`);
    await db.execute(sql`update grading_sheets set status = 'closed', closed_at = ${closedAt}, closed_by = ${teacherId},
      first_closed_at = ${closedAt} where id = ${sheet}`);
    await db.execute(sql`insert into grading_sheet_events (sheet_id, action, actor_id, at)
      values (${sheet}, 'close', ${teacherId}, ${closedAt})`);
  }
  return countSheets(db);
}

async function countSheets(db: Db): Promise<number> {
  const found = await db.execute(sql`select count(*)::int as n from grading_sheets`);
  return (found as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}
