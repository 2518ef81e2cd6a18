import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Changes, transactionOf } from '../../lib/changes.ts';

/** Reads and writes of the staff settings screen, all through SQL on `db` (a transaction's, for a change). */
function queries(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const one = async <T>(query: SQL): Promise<T | null> => (await rows<T>(query))[0] ?? null;

  return {
    rows,
    one,

    /** Serialises changes of one kind of record (overlap checks read, then write). */
    async lock(table: 'academic_years' | 'half_years' | 'time_slots' | 'rooms' | 'paid_services' | 'settings') {
      await db.execute(sql.raw(`lock table ${table} in share row exclusive mode`));
    },

    async getSetting<T>(key: string): Promise<T | null> {
      const row = await one<{ value: T }>(sql`select value from settings where key = ${key}`);
      return row?.value ?? null;
    },
    async putSetting(key: string, value: unknown) {
      await db.execute(sql`insert into settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value, updated_at = now()`);
    },

    // Calendar.
    /** The half-year whose dates contain `day` (YYYY-MM-DD), if the calendar has one. */
    halfYearOn: (day: string) =>
      one<{ academicYearId: number; kind: number }>(sql`select academic_year_id as "academicYearId", kind
        from half_years where starts_on <= ${day} and ends_on >= ${day} limit 1`),
    academicYearOn: (day: string) =>
      one<{ id: number; name: string }>(sql`select id, name from academic_years
        where starts_on <= ${day} and ends_on >= ${day} limit 1`),
    /** A half-year's first and last day (YYYY-MM-DD), or null when the calendar has none. */
    halfYear: (year: number, kind: number) =>
      one<{ startsOn: string; endsOn: string }>(sql`select to_char(starts_on, 'YYYY-MM-DD') as "startsOn",
        to_char(ends_on, 'YYYY-MM-DD') as "endsOn" from half_years where academic_year_id = ${year} and kind = ${kind}`),
    async years() {
      return rows<{ year: number; name: string; from: string; to: string }>(sql`
        select id as year, name, to_char(starts_on, 'YYYY-MM-DD') as "from", to_char(ends_on, 'YYYY-MM-DD') as "to"
        from academic_years order by id desc`);
    },
    async halfYears(year?: number) {
      return rows<{ year: number; ws: number; from: string; to: string }>(sql`
        select academic_year_id as year, kind as ws, to_char(starts_on, 'YYYY-MM-DD') as "from",
          to_char(ends_on, 'YYYY-MM-DD') as "to"
        from half_years ${year === undefined ? sql`` : sql`where academic_year_id = ${year}`}
        order by academic_year_id desc, kind`);
    },
    async year(year: number) {
      return one<{ year: number; name: string; from: string; to: string }>(sql`
        select id as year, name, to_char(starts_on, 'YYYY-MM-DD') as "from", to_char(ends_on, 'YYYY-MM-DD') as "to"
        from academic_years where id = ${year}`);
    },
    /** Another year whose dates meet `from` … `to`. */
    async yearOverlapping(year: number, from: string, to: string) {
      return one<{ from: string; to: string }>(sql`
        select to_char(starts_on, 'YYYY-MM-DD') as "from", to_char(ends_on, 'YYYY-MM-DD') as "to" from academic_years
        where id <> ${year} and starts_on <= ${to}::date and ends_on >= ${from}::date order by starts_on limit 1`);
    },
    /** Another half-year (of any year) whose dates meet `from` … `to`. */
    async halfYearOverlapping(year: number, ws: number, from: string, to: string) {
      return one<{ from: string; to: string }>(sql`
        select to_char(starts_on, 'YYYY-MM-DD') as "from", to_char(ends_on, 'YYYY-MM-DD') as "to" from half_years
        where not (academic_year_id = ${year} and kind = ${ws}) and starts_on <= ${to}::date and ends_on >= ${from}::date
        order by starts_on limit 1`);
    },
    async upsertYear(year: number, name: string, from: string, to: string) {
      await db.execute(sql`insert into academic_years (id, name, starts_on, ends_on) values (${year}, ${name}, ${from}, ${to})
        on conflict (id) do update set name = excluded.name, starts_on = excluded.starts_on, ends_on = excluded.ends_on`);
    },
    async deleteYear(year: number) {
      return (await rows(sql`delete from academic_years where id = ${year} returning id`)).length > 0;
    },
    async upsertHalfYear(year: number, ws: number, from: string, to: string) {
      await db.execute(sql`insert into half_years (academic_year_id, kind, starts_on, ends_on)
        values (${year}, ${ws}, ${from}, ${to})
        on conflict (academic_year_id, kind) do update set starts_on = excluded.starts_on, ends_on = excluded.ends_on`);
    },
    /** Whether anything is recorded in a half-year (teaching, registrations, permissions, a window). */
    async halfYearUsed(year: number, ws: number) {
      const row = await one<{ used: boolean }>(sql`select
        exists (select 1 from teaching_assignments where academic_year_id = ${year} and half_year_kind = ${ws})
        or exists (select 1 from registrations where academic_year_id = ${year} and half_year_kind = ${ws})
        or exists (select 1 from elective_permissions where academic_year_id = ${year} and half_year_kind = ${ws})
        or exists (select 1 from registration_windows where academic_year_id = ${year} and half_year_kind = ${ws})
        as used`);
      return row?.used === true;
    },
    async deleteHalfYear(year: number, ws: number) {
      return (
        (await rows(sql`delete from half_years where academic_year_id = ${year} and kind = ${ws} returning id`))
          .length > 0
      );
    },

    // Bells and rooms.
    async slots() {
      return rows<{ id: number; number: number; from: string; to: string }>(sql`
        select id, number, to_char(starts_at, 'HH24:MI') as "from", to_char(ends_at, 'HH24:MI') as "to"
        from time_slots order by number`);
    },
    async slot(id: number) {
      return one<{ id: number; number: number; from: string; to: string }>(sql`
        select id, number, to_char(starts_at, 'HH24:MI') as "from", to_char(ends_at, 'HH24:MI') as "to"
        from time_slots where id = ${id}`);
    },
    async slotNumberTaken(id: number, number: number) {
      return (await rows(sql`select 1 from time_slots where number = ${number} and id <> ${id}`)).length > 0;
    },
    async slotOverlapping(id: number, from: string, to: string) {
      return one<{ from: string; to: string }>(sql`
        select to_char(starts_at, 'HH24:MI') as "from", to_char(ends_at, 'HH24:MI') as "to" from time_slots
        where id <> ${id} and starts_at < ${to}::time and ends_at > ${from}::time order by starts_at limit 1`);
    },
    async insertSlot(number: number, from: string, to: string) {
      const row = await one<{ id: number }>(sql`insert into time_slots (number, starts_at, ends_at)
        values (${number}, ${from}::time, ${to}::time) returning id`);
      return row?.id as number;
    },
    async updateSlot(id: number, number: number, from: string, to: string) {
      await db.execute(
        sql`update time_slots set number = ${number}, starts_at = ${from}::time, ends_at = ${to}::time where id = ${id}`,
      );
    },
    async deleteSlot(id: number) {
      return (await rows(sql`delete from time_slots where id = ${id} returning id`)).length > 0;
    },

    async rooms(id?: number) {
      return rows<{
        id: number;
        buildingId: number;
        building: string;
        number: string;
        capacity: number;
        latitude: number;
        longitude: number;
        radius: number;
      }>(sql`
        select r.id, r.building_id as "buildingId", b.short_name as building, r.number, r.capacity, r.latitude,
          r.longitude, r.checkin_radius_m as radius
        from rooms r join buildings b on b.id = r.building_id
        ${id === undefined ? sql`` : sql`where r.id = ${id}`}
        order by b.short_name, r.number`);
    },
    async buildings() {
      return rows<{ id: number; shortName: string; name: string; nameKg: string; nameEn: string }>(sql`
        select id, short_name as "shortName", name, name_kg as "nameKg", name_en as "nameEn" from buildings
        order by short_name`);
    },
    async buildingExists(id: number) {
      return (await rows(sql`select 1 from buildings where id = ${id}`)).length > 0;
    },
    async roomNumberTaken(id: number, buildingId: number, number: string) {
      return (
        (
          await rows(sql`select 1 from rooms where building_id = ${buildingId} and lower(number) = lower(${number})
          and id <> ${id}`)
        ).length > 0
      );
    },
    async insertRoom(r: RoomInput) {
      const row = await one<{ id: number }>(sql`
        insert into rooms (building_id, number, capacity, latitude, longitude, checkin_radius_m)
        values (${r.buildingId}, ${r.number}, ${r.capacity}, ${r.latitude}, ${r.longitude}, ${r.radius}) returning id`);
      return row?.id as number;
    },
    async updateRoom(id: number, r: RoomInput) {
      await db.execute(sql`update rooms set building_id = ${r.buildingId}, number = ${r.number},
        capacity = ${r.capacity}, latitude = ${r.latitude}, longitude = ${r.longitude}, checkin_radius_m = ${r.radius}
        where id = ${id}`);
    },
    async deleteRoom(id: number) {
      return (await rows(sql`delete from rooms where id = ${id} returning id`)).length > 0;
    },

    // Registration.
    async windows(year?: number, ws?: number) {
      const at = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Bishkek', 'YYYY-MM-DD"T"HH24:MI')`);
      return rows<{ year: number; ws: number; from: string; to: string; creditCap: number }>(sql`
        select academic_year_id as year, half_year_kind as ws, ${at('opens_at')} as "from", ${at('closes_at')} as "to",
          credit_cap as "creditCap"
        from registration_windows
        ${year === undefined ? sql`` : sql`where academic_year_id = ${year} and half_year_kind = ${ws}`}
        order by academic_year_id desc, half_year_kind desc`);
    },
    async halfYearExists(year: number, ws: number) {
      return (await rows(sql`select 1 from half_years where academic_year_id = ${year} and kind = ${ws}`)).length > 0;
    },
    async halfYearOptions() {
      return rows<{ year: number; name: string; ws: number }>(sql`
        select h.academic_year_id as year, y.name, h.kind as ws from half_years h
        join academic_years y on y.id = h.academic_year_id order by h.academic_year_id desc, h.kind`);
    },
    /** Saves a window; `from` and `to` are Asia/Bishkek wall-clock moments (UTC+6 all year). */
    async upsertWindow(year: number, ws: number, from: string, to: string, creditCap: number) {
      await db.execute(sql`insert into registration_windows (academic_year_id, half_year_kind, opens_at, closes_at, credit_cap)
        values (${year}, ${ws}, ${`${from}:00+06:00`}::timestamptz, ${`${to}:00+06:00`}::timestamptz, ${creditCap})
        on conflict (academic_year_id, half_year_kind) do update set opens_at = excluded.opens_at,
          closes_at = excluded.closes_at, credit_cap = excluded.credit_cap`);
    },
    async deleteWindow(year: number, ws: number) {
      return (
        (
          await rows(sql`delete from registration_windows where academic_year_id = ${year} and half_year_kind = ${ws}
          returning id`)
        ).length > 0
      );
    },
    async permitted(year: number, ws: number) {
      return rows<{ id: number; name: string; group: string }>(sql`
        select u.id, concat_ws(' ', u.last_name, u.first_name, u.patronymic) as name, g.name as group
        from elective_permissions p join users u on u.id = p.student_id
        join student_profiles sp on sp.user_id = u.id join groups g on g.id = sp.group_id
        where p.academic_year_id = ${year} and p.half_year_kind = ${ws}
        order by g.name, u.last_name, u.first_name, u.id`);
    },
    async groups() {
      return rows<{ id: number; name: string }>(sql`select id, name from groups order by name`);
    },
    async groupName(id: number) {
      return (await one<{ name: string }>(sql`select name from groups where id = ${id}`))?.name ?? null;
    },
    async studentName(id: number) {
      return (
        (
          await one<{ name: string }>(sql`
          select concat_ws(' ', u.last_name, u.first_name, u.patronymic) as name from users u
          join student_profiles sp on sp.user_id = u.id where u.id = ${id}`)
        )?.name ?? null
      );
    },
    async grant(year: number, ws: number, by: { groupId: number } | { studentId: number }) {
      const who =
        'groupId' in by
          ? sql`select user_id from student_profiles where group_id = ${by.groupId}`
          : sql`select user_id from student_profiles where user_id = ${by.studentId}`;
      return (
        await rows(sql`insert into elective_permissions (student_id, academic_year_id, half_year_kind)
          select user_id, ${year}, ${ws} from (${who}) s on conflict do nothing returning student_id`)
      ).length;
    },
    async revoke(year: number, ws: number, studentId: number) {
      return (
        (
          await rows(sql`delete from elective_permissions where student_id = ${studentId}
          and academic_year_id = ${year} and half_year_kind = ${ws} returning student_id`)
        ).length > 0
      );
    },

    // Paid services.
    async services(id?: number) {
      return rows<ServiceRowDb>(sql`
        select id, name, name_kg as "nameKg", name_en as "nameEn", price, amount_editable as "amountEditable",
          min_amount as "minAmount", max_amount as "maxAmount", active, sort_order as "sortOrder"
        from paid_services ${id === undefined ? sql`` : sql`where id = ${id}`} order by sort_order, id`);
    },
    async insertService(s: ServiceInput) {
      const row = await one<{ id: number }>(sql`
        insert into paid_services (name, name_kg, name_en, price, amount_editable, min_amount, max_amount, active, sort_order)
        values (${s.name}, ${s.nameKg}, ${s.nameEn}, ${s.price}, ${s.amountEditable}, ${s.minAmount}, ${s.maxAmount},
          ${s.active}, ${s.sortOrder}) returning id`);
      return row?.id as number;
    },
    async updateService(id: number, s: ServiceInput) {
      await db.execute(sql`update paid_services set name = ${s.name}, name_kg = ${s.nameKg}, name_en = ${s.nameEn},
        price = ${s.price}, amount_editable = ${s.amountEditable}, min_amount = ${s.minAmount},
        max_amount = ${s.maxAmount}, active = ${s.active}, sort_order = ${s.sortOrder} where id = ${id}`);
    },
    async deleteService(id: number) {
      return (await rows(sql`delete from paid_services where id = ${id} returning id`)).length > 0;
    },
  };
}

export interface RoomInput {
  buildingId: number;
  number: string;
  capacity: number;
  latitude: number;
  longitude: number;
  radius: number;
}

export interface ServiceRowDb extends ServiceInput {
  id: number;
}

export interface ServiceInput {
  name: string;
  nameKg: string;
  nameEn: string;
  price: number;
  amountEditable: boolean;
  minAmount: number;
  maxAmount: number;
  active: boolean;
  sortOrder: number;
}

export type SettingsQueries = ReturnType<typeof queries>;

export function createSettingsRepository(db: Db, changes: Changes) {
  return {
    ...queries(db),
    /** Runs `fn` in one change transaction: the change, its audit row and its announcement commit together. */
    transaction: transactionOf(changes, queries),
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
