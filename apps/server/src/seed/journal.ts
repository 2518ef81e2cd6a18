import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Topics of every demo journal: two modules of four. */
const topicNames = [
  'Введение в дисциплину',
  'Основные понятия и определения',
  'Методы и модели',
  'Практическое применение',
  'Анализ типовых задач',
  'Современные подходы',
  'Обобщение материала',
  'Итоговое повторение',
];

/**
 * The demo journals: every lesson `teacherId` has in the timetable of the half-year, week by week from its first day
 * to today (at least its first six weeks), with a topic and a mark for every student of the lesson's audience. Marks
 * come from a hash of lesson and student, so the same database gets the same journal: about 8% 'н/б', 20% '+', the
 * rest 5 to 2. Returns the lessons made.
 */
export async function seedJournal(
  db: Db,
  opts: { teacherId: number; year: number; kind: number; startsOn: string; endsOn: string; today: string },
): Promise<number> {
  const { teacherId, year, kind } = opts;
  const hash = (key: unknown) => sql`(('x' || substr(md5(${key}), 1, 7))::bit(28)::int)`;

  // Topics for each discipline and lesson kind teacher1 teaches.
  await db.execute(sql`
    insert into journal_topics (academic_year_id, half_year_kind, discipline_id, lesson_kind_id, module_number, name, hours, created_by)
    select ${year}, ${kind}, k.discipline_id, k.lesson_kind_id, (t.n - 1) / 4 + 1, t.name, 2, ${teacherId}
      from (select distinct discipline_id, lesson_kind_id from schedule_entries
             where teacher_id = ${teacherId} and academic_year_id = ${year} and half_year_kind = ${kind}) k
     cross join unnest(${sql.raw(`array[${topicNames.map((n) => `'${n}'`).join(',')}]`)}::text[]) with ordinality t(name, n)
     order by k.discipline_id, k.lesson_kind_id, t.n`);

  // The lessons: each schedule entry on the dates of its weekday and week parity.
  const lessons = await db.execute(sql`
    with period as (
      select ${opts.startsOn}::date as starts_on,
             least(${opts.endsOn}::date, greatest(${opts.today}::date, ${opts.startsOn}::date + 41)) as ends_on
    ), weeks as (
      select w.n, date_trunc('week', p.starts_on)::date + (w.n * 7) as monday
        from period p, generate_series(0, 30) w(n)
    )
    insert into journal_lessons (academic_year_id, half_year_kind, discipline_id, lesson_kind_id, group_id, subgroup_id,
                                 stream_id, visit_date, time_slot_id, times_count, topic_id, teacher_id, created_at)
    select e.academic_year_id, e.half_year_kind, e.discipline_id, e.lesson_kind_id, e.group_id, e.subgroup_id,
           e.stream_id, w.monday + e.day_number - 1, e.time_slot_id, 1,
           (select t.id from journal_topics t
             where t.discipline_id = e.discipline_id and t.lesson_kind_id = e.lesson_kind_id
               and t.academic_year_id = e.academic_year_id and t.half_year_kind = e.half_year_kind
             order by t.id offset (w.n % 8) limit 1),
           e.teacher_id, (w.monday + e.day_number - 1)::timestamp at time zone 'Asia/Bishkek'
      from schedule_entries e, weeks w, period p
     where e.teacher_id = ${teacherId} and e.academic_year_id = ${year} and e.half_year_kind = ${kind}
       and w.monday + e.day_number - 1 between p.starts_on and p.ends_on
       and (e.week_parity = 'every' or (e.week_parity = 'odd') = (w.n % 2 = 0))
    on conflict do nothing
    returning id`);

  // A mark for every student of each lesson's audience.
  await db.execute(sql`
    insert into journal_marks (lesson_id, student_id, assessment_id, updated_by, updated_at)
    select l.id, s.student_id,
           case when ${hash(sql`l.id::text || ':' || s.student_id::text`)} % 100 < 8 then 6
                when ${hash(sql`l.id::text || ':' || s.student_id::text`)} % 100 < 28 then 5
                else 1 + ${hash(sql`s.student_id::text || '/' || l.id::text`)} % 4 end,
           l.teacher_id, l.created_at
      from journal_lessons l
      join lateral (
        select sp.user_id as student_id from student_profiles sp where sp.group_id = l.group_id
        union select m.student_id from subgroup_members m where m.subgroup_id = l.subgroup_id
        union select sp.user_id from stream_groups sg join student_profiles sp on sp.group_id = sg.group_id
               where sg.stream_id = l.stream_id
      ) s on true
     where l.teacher_id = ${teacherId} and l.academic_year_id = ${year} and l.half_year_kind = ${kind}`);

  return (lessons as unknown as { rows: unknown[] }).rows.length;
}
