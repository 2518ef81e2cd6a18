import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * A lesson of schedule entry `entryId`'s teaching (its assignment and audience) on weekday `day` (1 Monday … 7 Sunday)
 * every week: one already there (the entry itself, or a copy an earlier call made), else a new copy in the first
 * slot, and the first room at least as large (its own first), where its teacher, room and groups are free. QR check-in starts only a lesson that
 * takes place today, and a test on the real clock may run on a day without the lesson it needs.
 */
export async function lessonOnDay(db: Db, entryId: number, day: number): Promise<number> {
  const result = await db.execute(sql`
    with e as (select * from schedule_entries where id = ${entryId}),
    found as (
      select x.id from schedule_entries x join e on x.teaching_assignment_id = e.teaching_assignment_id
        and x.group_id is not distinct from e.group_id and x.subgroup_id is not distinct from e.subgroup_id
        and x.stream_id is not distinct from e.stream_id
      where x.day_number = ${day} and x.week_parity = 'every'
      order by x.id limit 1
    ),
    placed as (
      insert into schedule_entries (teaching_assignment_id, academic_year_id, half_year_kind, teacher_id,
        discipline_id, lesson_kind_id, group_id, subgroup_id, stream_id, day_number, time_slot_id, week_parity, room_id)
      select e.teaching_assignment_id, e.academic_year_id, e.half_year_kind, e.teacher_id, e.discipline_id,
        e.lesson_kind_id, e.group_id, e.subgroup_id, e.stream_id, ${day}, ts.id, 'every', r.id
      from e cross join time_slots ts join rooms r on r.capacity >= (select capacity from rooms where id = e.room_id)
      where not exists (select 1 from found)
        and not exists (select 1 from schedule_entries x where x.day_number = ${day} and x.time_slot_id = ts.id
                          and (x.teacher_id = e.teacher_id or x.room_id = r.id))
        and not exists (select 1 from schedule_audience_groups a where a.day_number = ${day}
                          and a.time_slot_id = ts.id
                          and a.group_id in (select group_id from schedule_audience_groups where entry_id = e.id))
      order by ts.number, r.id <> e.room_id, r.id
      limit 1
      returning id
    )
    select id from found union all select id from placed`);
  const [row] = (result as unknown as { rows: { id: number }[] }).rows;
  if (!row) throw new Error(`No free slot on day ${day} for a copy of lesson ${entryId}`);
  return row.id;
}
