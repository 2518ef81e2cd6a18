CREATE TABLE "room_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"date" date NOT NULL,
	"time_slot_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_bookings_purpose_check" CHECK ("room_bookings"."purpose" in ('consultation', 'retake', 'event'))
);
--> statement-breakpoint
CREATE TABLE "room_occupancy" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"date" date NOT NULL,
	"time_slot_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"entry_id" integer,
	"booking_id" integer,
	CONSTRAINT "room_occupancy_source_check" CHECK (num_nonnulls("room_occupancy"."entry_id", "room_occupancy"."booking_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_occupancy" ADD CONSTRAINT "room_occupancy_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_occupancy" ADD CONSTRAINT "room_occupancy_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_occupancy" ADD CONSTRAINT "room_occupancy_entry_id_schedule_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."schedule_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_occupancy" ADD CONSTRAINT "room_occupancy_booking_id_room_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."room_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_bookings_teacher_idx" ON "room_bookings" USING btree ("teacher_id","date");--> statement-breakpoint
CREATE INDEX "room_occupancy_date_idx" ON "room_occupancy" USING btree ("date","room_id");--> statement-breakpoint
CREATE INDEX "room_occupancy_entry_idx" ON "room_occupancy" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "room_occupancy_booking_idx" ON "room_occupancy" USING btree ("booking_id");--> statement-breakpoint
-- One constraint for the timetable and the bookings: no two rows of room_occupancy of one room overlap in time
-- (btree_gist gives GiST the equality of room_id). Safe under concurrent writers: of parallel bookings of one room and
-- pair, exactly one commits; the others fail with exclusion_violation (23P01), after the first commits.
ALTER TABLE "room_occupancy" ADD CONSTRAINT "room_occupancy_free" EXCLUDE USING gist ("room_id" WITH =, "during" WITH &&);--> statement-breakpoint
-- A slot of a date as an interval of instants: the bell times are Asia/Bishkek wall-clock times, UTC+6 all year.
CREATE FUNCTION room_slot_interval(day date, starts time, ends time) RETURNS tstzrange
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT tstzrange(((day + starts) - interval '6 hours') AT TIME ZONE 'UTC', ((day + ends) - interval '6 hours') AT TIME ZONE 'UTC', '[)') $$;--> statement-breakpoint
-- The dates of a timetable lesson: those of its half-year on its weekday in the weeks of its parity (weeks counted from
-- the Monday of the week the half-year starts in, week 1 odd, as the schedule's weeks.ts counts them).
CREATE FUNCTION room_occupancy_fill(entry integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM room_occupancy WHERE entry_id = entry;
  INSERT INTO room_occupancy (room_id, date, time_slot_id, during, entry_id)
  SELECT e.room_id, dates.day, e.time_slot_id, room_slot_interval(dates.day, s.starts_at, s.ends_at), e.id
  FROM schedule_entries e
  JOIN half_years h ON h.academic_year_id = e.academic_year_id AND h.kind = e.half_year_kind
  JOIN time_slots s ON s.id = e.time_slot_id
  CROSS JOIN LATERAL (SELECT h.starts_on + i AS day FROM generate_series(0, h.ends_on - h.starts_on) i) dates
  WHERE e.id = entry
    AND extract(isodow FROM dates.day) = e.day_number
    AND (e.week_parity = 'every'
      OR (e.week_parity = 'odd') = (((dates.day - (h.starts_on - (extract(isodow FROM h.starts_on)::int - 1))) / 7) % 2 = 0));
END $$;--> statement-breakpoint
CREATE FUNCTION schedule_entries_fill_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM room_occupancy_fill(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "schedule_entries_fill_occupancy" AFTER INSERT OR UPDATE ON "schedule_entries"
  FOR EACH ROW EXECUTE FUNCTION schedule_entries_fill_occupancy();--> statement-breakpoint
-- A half-year's dates moving moves its lessons' dates.
CREATE FUNCTION half_years_fill_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM room_occupancy_fill(e.id) FROM schedule_entries e
      WHERE e.academic_year_id = OLD.academic_year_id AND e.half_year_kind = OLD.kind;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM room_occupancy_fill(e.id) FROM schedule_entries e
      WHERE e.academic_year_id = NEW.academic_year_id AND e.half_year_kind = NEW.kind;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "half_years_fill_occupancy" AFTER INSERT OR UPDATE OR DELETE ON "half_years"
  FOR EACH ROW EXECUTE FUNCTION half_years_fill_occupancy();--> statement-breakpoint
-- A bell's times changing move every lesson and booking of that slot.
CREATE FUNCTION time_slots_fill_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE room_occupancy SET during = room_slot_interval(date, NEW.starts_at, NEW.ends_at) WHERE time_slot_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "time_slots_fill_occupancy" AFTER UPDATE ON "time_slots"
  FOR EACH ROW EXECUTE FUNCTION time_slots_fill_occupancy();--> statement-breakpoint
-- A booking takes its room for its date and slot.
CREATE FUNCTION room_bookings_fill_occupancy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_occupancy (room_id, date, time_slot_id, during, booking_id)
  SELECT NEW.room_id, NEW.date, NEW.time_slot_id, room_slot_interval(NEW.date, s.starts_at, s.ends_at), NEW.id
  FROM time_slots s WHERE s.id = NEW.time_slot_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "room_bookings_fill_occupancy" AFTER INSERT ON "room_bookings"
  FOR EACH ROW EXECUTE FUNCTION room_bookings_fill_occupancy();--> statement-breakpoint
SELECT room_occupancy_fill(id) FROM schedule_entries;
