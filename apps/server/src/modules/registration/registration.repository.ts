import type { NamedRecord } from '@okuu/contracts/fields';
import type { OfferingAudience, StudySemester } from '@okuu/contracts/registration/common';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** A student as registration sees them in a half-year: their group, speciality and semester of study there. */
export interface StudentInHalfYear {
  groupId: number;
  specialityId: number;
  /** Null when they have no semester of study in it (summer, before admission, after graduation). */
  semester: StudySemester | null;
}

export interface WindowRow {
  opensMs: number;
  closesMs: number;
  creditCap: number;
}

/** A discipline of a curriculum's semester. */
export interface CurriculumRow {
  disciplineId: number;
  code: string;
  name: string;
  nameKg: string;
  nameEn: string;
  departmentId: number;
  credits: number;
  examinationTypeId: number;
  examination: NamedRecord;
  isElective: boolean;
}

/** A teaching assignment open to registration, with its seats. */
export interface OfferingRow {
  id: number;
  year: number;
  ws: number;
  semesterId: number;
  disciplineId: number;
  credits: number;
  teacherId: number;
  teacherName: string;
  position: NamedRecord | null;
  kindId: number;
  kind: NamedRecord;
  groupId: number | null;
  streamId: number | null;
  subgroupId: number | null;
  audience: OfferingAudience;
  capacity: number;
  taken: number;
  /** The student asking holds a registration of it. */
  mine: boolean;
}

/** A registration as the list shows it. */
export interface RegistrationRow {
  id: number;
  year: number;
  ws: number;
  semesterId: number;
  semester: { number: number } & NamedRecord;
  departmentId: number;
  disciplineId: number;
  discipline: { code: string } & NamedRecord;
  credits: number;
  examinationTypeId: number;
  examination: NamedRecord;
  teacherId: number | null;
  teacherName: string | null;
  kindId: number | null;
  kind: NamedRecord | null;
  offeringId: number | null;
  audience: OfferingAudience | null;
  isElective: boolean;
  createdMs: number;
}

/** What a student holds in a half-year: a discipline and lesson kind, with its credits. */
export interface HeldRow {
  id: number;
  disciplineId: number;
  kindId: number | null;
  credits: number;
  offeringId: number | null;
}

const named = (alias: string) =>
  sql.raw(`json_build_object('name', ${alias}.name, 'nameKg', ${alias}.name_kg, 'nameEn', ${alias}.name_en)`);

/** Whom teaching assignment `ta` is for, by the joins `st` (stream), `sg` (subgroup) and `ag` (group). */
const audienceJson = sql.raw(`case
  when ta.stream_id is not null then json_build_object('kind', 'stream', 'name', st.name, 'nameKg', st.name_kg, 'nameEn', st.name_en)
  when ta.subgroup_id is not null then json_build_object('kind', 'subgroup', 'name', sg.name, 'nameKg', sg.name, 'nameEn', sg.name)
  when ta.group_id is not null then json_build_object('kind', 'group', 'name', ag.name, 'nameKg', ag.name, 'nameEn', ag.name)
  else json_build_object('kind', 'open', 'name', '', 'nameKg', '', 'nameEn', '') end`);
const audienceJoins = sql.raw(`left join streams st on st.id = ta.stream_id
  left join subgroups sg on sg.id = ta.subgroup_id
  left join groups ag on ag.id = ta.group_id`);

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** The repository's queries on `db` (the pool, or a transaction). */
function registrationQueries(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  /** The offerings matching `where` (a condition on `ta`), as `studentId` sees them. */
  function offeringsWhere(where: SQL, studentId: number) {
    return rows<OfferingRow>(sql`
      select ta.id, ta.academic_year_id as year, ta.half_year_kind as ws, ta.semester_id as "semesterId",
        ta.discipline_id as "disciplineId", ta.credits, ta.teacher_id as "teacherId",
        concat_ws(' ', t.last_name, t.first_name, t.patronymic) as "teacherName",
        case when pos.id is null then null else ${named('pos')} end as position,
        ta.lesson_kind_id as "kindId", ${named('lk')} as kind,
        ta.group_id as "groupId", ta.stream_id as "streamId", ta.subgroup_id as "subgroupId",
        ${audienceJson} as audience, o.capacity, o.taken,
        exists (select 1 from registrations r where r.student_id = ${studentId} and r.offering_id = ta.id) as mine
      from teaching_assignments ta
      join registration_offerings o on o.teaching_assignment_id = ta.id
      join users t on t.id = ta.teacher_id
      left join teacher_profiles tp on tp.user_id = t.id
      left join positions pos on pos.id = tp.position_id
      join lesson_kinds lk on lk.id = ta.lesson_kind_id
      ${audienceJoins}
      where ${where}
      order by ta.lesson_kind_id, coalesce(st.name, sg.name, ag.name, ''), t.last_name, t.first_name, ta.id`);
  }

  return {
    /**
     * The student's group, speciality and semester of study in a half-year (semester n of a group admitted in year A
     * falls in year A + (n - 1) / 2, fall for odd n, spring for even). `lock` holds the student's row as lockStudent
     * does.
     */
    async student(studentId: number, year: number, ws: number, lock = false): Promise<StudentInHalfYear | null> {
      const [row] = await rows<StudentInHalfYear>(sql`
        select sp.group_id as "groupId", g.speciality_id as "specialityId",
          case when sem.id is null then null else json_build_object('id_semester', sem.id, 'number', sem.number,
            'name', sem.name, 'nameKg', sem.name_kg, 'nameEn', sem.name_en) end as semester
        from student_profiles sp
        join groups g on g.id = sp.group_id
        left join semesters sem on ${ws} in (1, 2) and sem.number = (${year} - g.admission_year) * 2 + ${ws}
        where sp.user_id = ${studentId}
        ${lock ? sql`for no key update of sp` : sql``}`);
      return row ?? null;
    },

    async window(year: number, ws: number): Promise<WindowRow | null> {
      const [row] = await rows<WindowRow>(sql`
        select ${epochMs('opens_at')} as "opensMs", ${epochMs('closes_at')} as "closesMs", credit_cap as "creditCap"
        from registration_windows where academic_year_id = ${year} and half_year_kind = ${ws}`);
      return row ?? null;
    },

    /** The windows of an academic year, by half-year kind. */
    async windowsOf(year: number): Promise<Map<number, WindowRow>> {
      const found = await rows<WindowRow & { ws: number }>(sql`
        select half_year_kind as ws, ${epochMs('opens_at')} as "opensMs", ${epochMs('closes_at')} as "closesMs",
          credit_cap as "creditCap"
        from registration_windows where academic_year_id = ${year}`);
      return new Map(found.map(({ ws, ...w }) => [ws, w]));
    },

    /**
     * The half-year registration is for by default at `nowMs`: the one whose window is open (closing first), else the
     * next to open; null when no window is open or ahead.
     */
    async defaultWindow(nowMs: number): Promise<{ year: number; ws: number } | null> {
      const at = sql`to_timestamp(${nowMs / 1000})`;
      const [row] = await rows<{ year: number; ws: number }>(sql`
        select academic_year_id as year, half_year_kind as ws from registration_windows
        where closes_at > ${at}
        order by opens_at <= ${at} desc, case when opens_at <= ${at} then closes_at else opens_at end
        limit 1`);
      return row ?? null;
    },

    /** The half-years of an academic year, by kind (first and last day, YYYY-MM-DD). */
    async halfYearsOf(year: number) {
      return rows<{ ws: number; startsOn: string; endsOn: string }>(sql`
        select kind as ws, to_char(starts_on, 'YYYY-MM-DD') as "startsOn", to_char(ends_on, 'YYYY-MM-DD') as "endsOn"
        from half_years where academic_year_id = ${year} order by kind`);
    },

    /**
     * Whether a student may register for electives in a half-year: the portal allows it (the electiveRegistration
     * setting, as misc/settings reports it) and they hold the permission for that half-year.
     */
    async electivesPermitted(studentId: number, year: number, ws: number): Promise<boolean> {
      const [row] = await rows<{ permitted: boolean }>(sql`
        select exists (select 1 from elective_permissions
            where student_id = ${studentId} and academic_year_id = ${year} and half_year_kind = ${ws})
          and coalesce((select value = 'true'::jsonb from settings where key = 'electiveRegistration'), false)
          as permitted`);
      return row?.permitted === true;
    },

    /** Holds the student's row until the transaction ends: one student's saves and deletes run one after another. */
    async lockStudent(studentId: number): Promise<void> {
      await db.execute(sql`select 1 from student_profiles where user_id = ${studentId} for no key update`);
    },

    /** The disciplines of a speciality's semester (one of them when `disciplineId` is given), by name. */
    async curriculum(specialityId: number, semesterId: number, disciplineId?: number): Promise<CurriculumRow[]> {
      return rows<CurriculumRow>(sql`
        select d.id as "disciplineId", d.code, d.name, d.name_kg as "nameKg", d.name_en as "nameEn",
          d.department_id as "departmentId", c.credits, c.examination_type_id as "examinationTypeId",
          ${named('ex')} as examination, c.is_elective as "isElective"
        from curriculum c
        join disciplines d on d.id = c.discipline_id
        join examination_types ex on ex.id = c.examination_type_id
        where c.speciality_id = ${specialityId} and c.semester_id = ${semesterId}
          ${disciplineId === undefined ? sql`` : sql`and c.discipline_id = ${disciplineId}`}
        order by d.name, d.id`);
    },

    /** The offerings of a discipline in a half-year's semester, narrowed to a teacher and a lesson kind when given. */
    offerings(
      q: { year: number; ws: number; semesterId: number; disciplineId: number; teacherId?: number; kindId?: number },
      studentId: number,
    ): Promise<OfferingRow[]> {
      return offeringsWhere(
        sql`ta.academic_year_id = ${q.year} and ta.half_year_kind = ${q.ws} and ta.semester_id = ${q.semesterId}
          and ta.discipline_id = ${q.disciplineId}
          ${q.teacherId === undefined ? sql`` : sql`and ta.teacher_id = ${q.teacherId}`}
          ${q.kindId === undefined ? sql`` : sql`and ta.lesson_kind_id = ${q.kindId}`}`,
        studentId,
      );
    },

    /** One offering (null when the assignment is not open to registration). */
    async offering(id: number, studentId: number): Promise<OfferingRow | null> {
      const [row] = await offeringsWhere(sql`ta.id = ${id}`, studentId);
      return row ?? null;
    },

    /** Per discipline of a half-year's semester: how many offerings it has and their seats left together. */
    async seatsByDiscipline(year: number, ws: number, semesterId: number) {
      const found = await rows<{ disciplineId: number; offerings: number; seatsLeft: number }>(sql`
        select ta.discipline_id as "disciplineId", count(*)::int as offerings,
          sum(o.capacity - o.taken)::int as "seatsLeft"
        from teaching_assignments ta join registration_offerings o on o.teaching_assignment_id = ta.id
        where ta.academic_year_id = ${year} and ta.half_year_kind = ${ws} and ta.semester_id = ${semesterId}
        group by ta.discipline_id`);
      return new Map(found.map((r) => [r.disciplineId, r]));
    },

    /** A student's registrations in a half-year, by discipline name and lesson kind. */
    registrations(studentId: number, year: number, ws: number): Promise<RegistrationRow[]> {
      return rows<RegistrationRow>(sql`
        select r.id, r.academic_year_id as year, r.half_year_kind as ws, r.semester_id as "semesterId",
          json_build_object('number', sem.number, 'name', sem.name, 'nameKg', sem.name_kg, 'nameEn', sem.name_en)
            as semester,
          d.department_id as "departmentId", r.discipline_id as "disciplineId",
          json_build_object('code', d.code, 'name', d.name, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
          r.credits, r.examination_type_id as "examinationTypeId", ${named('ex')} as examination,
          r.teacher_id as "teacherId",
          case when t.id is null then null else concat_ws(' ', t.last_name, t.first_name, t.patronymic) end
            as "teacherName",
          r.lesson_kind_id as "kindId", case when lk.id is null then null else ${named('lk')} end as kind,
          r.offering_id as "offeringId", case when ta.id is null then null else ${audienceJson} end as audience,
          r.is_elective as "isElective", ${epochMs('r.created_at')} as "createdMs"
        from registrations r
        join semesters sem on sem.id = r.semester_id
        join disciplines d on d.id = r.discipline_id
        join examination_types ex on ex.id = r.examination_type_id
        left join users t on t.id = r.teacher_id
        left join lesson_kinds lk on lk.id = r.lesson_kind_id
        left join teaching_assignments ta on ta.id = r.offering_id
        ${audienceJoins}
        where r.student_id = ${studentId} and r.academic_year_id = ${year} and r.half_year_kind = ${ws}
        order by d.name, r.discipline_id, r.lesson_kind_id nulls last, r.id`);
    },

    /** What a student holds in a half-year (for the duplicate and credit rules). */
    held(studentId: number, year: number, ws: number): Promise<HeldRow[]> {
      return rows<HeldRow>(sql`
        select id, discipline_id as "disciplineId", lesson_kind_id as "kindId", credits, offering_id as "offeringId"
        from registrations
        where student_id = ${studentId} and academic_year_id = ${year} and half_year_kind = ${ws}`);
    },

    /** A student's registration (null when there is none of theirs with this id). */
    async ownRegistration(id: number, studentId: number) {
      const [row] = await rows<{ id: number; year: number; ws: number; offeringId: number | null }>(sql`
        select id, academic_year_id as year, half_year_kind as ws, offering_id as "offeringId"
        from registrations where id = ${id} and student_id = ${studentId}`);
      return row ?? null;
    },

    /** A student's registration for a discipline and lesson kind in a half-year. */
    async registrationFor(studentId: number, year: number, ws: number, disciplineId: number, kindId: number) {
      const [row] = await rows<{ id: number }>(sql`
        select id from registrations
        where student_id = ${studentId} and academic_year_id = ${year} and half_year_kind = ${ws}
          and discipline_id = ${disciplineId} and lesson_kind_id = ${kindId}`);
      return row?.id ?? null;
    },

    /**
     * Takes a seat of an offering: the guarded counter, atomic under concurrency (a second saver waits on the row and
     * re-checks `taken < capacity` on the committed count). Returns the seats left after it, or null when none was.
     */
    async takeSeat(offeringId: number): Promise<number | null> {
      const [row] = await rows<{ seatsLeft: number }>(sql`
        update registration_offerings set taken = taken + 1
        where teaching_assignment_id = ${offeringId} and taken < capacity
        returning capacity - taken as "seatsLeft"`);
      return row?.seatsLeft ?? null;
    },

    /** Gives a seat back; the seats left after it (null when the offering is gone). */
    async releaseSeat(offeringId: number): Promise<number | null> {
      const [row] = await rows<{ seatsLeft: number }>(sql`
        update registration_offerings set taken = taken - 1
        where teaching_assignment_id = ${offeringId}
        returning capacity - taken as "seatsLeft"`);
      return row?.seatsLeft ?? null;
    },

    async insert(r: {
      studentId: number;
      year: number;
      ws: number;
      semesterId: number;
      disciplineId: number;
      teacherId: number;
      kindId: number;
      credits: number;
      examinationTypeId: number;
      streamId: number | null;
      subgroupId: number | null;
      isElective: boolean;
      offeringId: number;
    }): Promise<{ id: number; createdMs: number }> {
      const [row] = await rows<{ id: number; createdMs: number }>(sql`
        insert into registrations (student_id, academic_year_id, half_year_kind, semester_id, discipline_id,
          teacher_id, lesson_kind_id, credits, examination_type_id, subgroup_id, stream_id, is_elective, offering_id)
        values (${r.studentId}, ${r.year}, ${r.ws}, ${r.semesterId}, ${r.disciplineId}, ${r.teacherId}, ${r.kindId},
          ${r.credits}, ${r.examinationTypeId}, ${r.subgroupId}, ${r.streamId}, ${r.isElective}, ${r.offeringId})
        returning id, ${epochMs('created_at')} as "createdMs"`);
      if (!row) throw new Error('A registration was not inserted');
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.execute(sql`delete from registrations where id = ${id}`);
    },
  };
}

export type RegistrationQueries = ReturnType<typeof registrationQueries>;

/** A window announcement claimed: the window, which moment of it, its half-year and when it closes. */
export interface WindowNotice {
  windowId: number;
  phase: 'opened' | 'closing';
  year: number;
  ws: number;
  closesMs: number;
}

export function createRegistrationRepository(db: Db) {
  return {
    ...registrationQueries(db),
    /** Runs `fn` in a transaction, with the queries bound to it (and the transaction, to store a reply). */
    transaction<T>(fn: (queries: RegistrationQueries, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(registrationQueries(tx as unknown as Db), tx as unknown as Db));
    },

    /**
     * Claims, in `tx`, the window announcements due at `nowMs` not made before: 'opened' within a day of a window's
     * opening, 'closing' within its last 24 hours (only for windows longer than a day: a shorter one's opening
     * says when it closes). A row already kept (another instance's, an earlier tick's) is not claimed again.
     */
    async claimWindowNotices(tx: Db, nowMs: number): Promise<WindowNotice[]> {
      const at = sql`to_timestamp(${nowMs / 1000})`;
      const day = sql`interval '24 hours'`;
      const found = await tx.execute(sql`
        with due as (
          select id, 'opened' as phase, opens_at as moment from registration_windows
          where opens_at <= ${at} and ${at} < closes_at and ${at} < opens_at + ${day}
          union all
          select id, 'closing', closes_at from registration_windows
          where closes_at - ${day} <= ${at} and ${at} < closes_at and opens_at < closes_at - ${day}),
        made as (
          insert into registration_window_notices (window_id, phase, moment)
          select id, phase, moment from due on conflict do nothing
          returning window_id, phase)
        select m.window_id as "windowId", m.phase, w.academic_year_id as year, w.half_year_kind as ws,
          ${epochMs('w.closes_at')} as "closesMs"
        from made m join registration_windows w on w.id = m.window_id
        order by w.id, m.phase desc`);
      return (found as unknown as { rows: WindowNotice[] }).rows;
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
