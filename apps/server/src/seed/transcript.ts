import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Final results of the demo university: every student, every compulsory discipline of their speciality's curriculum in every
 * half-year that has ended. Points are made up but steady: each student has a level (58–87) that a discipline moves by
 * up to 13 either way, both taken from a hash, so the same database gets the same grades. One statement, so that a
 * university of 50,000 students is filled in seconds.
 */
export async function seedFinalResults(db: Db, today: string): Promise<number> {
  const hash = (key: unknown) => sql`(('x' || substr(md5(${key}), 1, 7))::bit(28)::int)`;
  const result = await db.execute(sql`
    insert into final_results
      (student_id, discipline_id, academic_year_id, half_year_kind, semester_id, examination_type_id, credits, points, recorded_at)
    select sp.user_id,
           c.discipline_id,
           hy.academic_year_id,
           hy.kind,
           c.semester_id,
           c.examination_type_id,
           c.credits,
           least(100, greatest(0,
             58 + ${hash(sql`sp.user_id::text`)} % 30
                + ${hash(sql`sp.user_id::text || ':' || c.discipline_id::text`)} % 27 - 13)),
           (hy.ends_on - 7)::timestamp at time zone 'Asia/Bishkek'
      from student_profiles sp
      join groups g on g.id = sp.group_id
      join curriculum c on c.speciality_id = g.speciality_id
      join semesters s on s.id = c.semester_id
      join half_years hy on hy.academic_year_id = g.admission_year + (s.number - 1) / 2
                        and hy.kind = case when s.number % 2 = 1 then 1 else 2 end
     where hy.ends_on < ${today}::date and not c.is_elective`);
  return (
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}
