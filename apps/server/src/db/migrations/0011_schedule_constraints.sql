-- The class schedule refuses double bookings in the database itself: exclusion constraints over GiST (btree_gist
-- gives GiST the equality of plain columns), safe under concurrent writers. Two lessons clash when they share the
-- half-year, day and slot and their weeks overlap: of each fortnight, 'every' is weeks [1, 3), 'odd' [1, 2) and
-- 'even' [2, 3), so 'every' meets both and 'odd' never meets 'even'.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE FUNCTION schedule_weeks(parity text) RETURNS int4range
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE parity WHEN 'odd' THEN int4range(1, 2) WHEN 'even' THEN int4range(2, 3) ELSE int4range(1, 3) END $$;--> statement-breakpoint
-- Who of a group attends: the whole group is every subgroup (the unbounded range), a subgroup only itself.
CREATE FUNCTION schedule_members(subgroup_id integer) RETURNS int4range
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN subgroup_id IS NULL THEN int4range(NULL, NULL) ELSE int4range(subgroup_id, subgroup_id, '[]') END $$;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_teacher_free" EXCLUDE USING gist (
  "teacher_id" WITH =, "academic_year_id" WITH =, "half_year_kind" WITH =, "day_number" WITH =, "time_slot_id" WITH =,
  schedule_weeks("week_parity") WITH &&
);--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_room_free" EXCLUDE USING gist (
  "room_id" WITH =, "academic_year_id" WITH =, "half_year_kind" WITH =, "day_number" WITH =, "time_slot_id" WITH =,
  schedule_weeks("week_parity") WITH &&
);--> statement-breakpoint
-- An audience is free when no group it reaches has another lesson then: a whole group clashes with anything of its
-- group; two different subgroups of one group may have lessons at the same time.
ALTER TABLE "schedule_audience_groups" ADD CONSTRAINT "schedule_audience_free" EXCLUDE USING gist (
  "group_id" WITH =, "academic_year_id" WITH =, "half_year_kind" WITH =, "day_number" WITH =, "time_slot_id" WITH =,
  schedule_weeks("week_parity") WITH &&, schedule_members("subgroup_id") WITH &&
);--> statement-breakpoint
-- An entry's audience is its teaching assignment's: the same stream, group or subgroup, or a subgroup of the
-- assignment's group (a group's laboratory split between its subgroups). A missing assignment is left to the foreign key.
CREATE FUNCTION schedule_entries_check_audience() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a teaching_assignments%ROWTYPE;
BEGIN
  SELECT * INTO a FROM teaching_assignments WHERE id = NEW.teaching_assignment_id;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF NOT (
       (NEW.stream_id IS NOT NULL AND NEW.stream_id = a.stream_id)
    OR (NEW.group_id IS NOT NULL AND NEW.group_id = a.group_id AND a.subgroup_id IS NULL)
    OR (NEW.subgroup_id IS NOT NULL AND (
          NEW.subgroup_id = a.subgroup_id
          OR (a.subgroup_id IS NULL AND a.group_id = (SELECT s.group_id FROM subgroups s WHERE s.id = NEW.subgroup_id))))
  ) THEN
    RAISE EXCEPTION 'The audience of a schedule entry must be that of teaching assignment %', NEW.teaching_assignment_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'schedule_entries_assignment_audience';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "schedule_entries_check_audience" BEFORE INSERT OR UPDATE ON "schedule_entries"
  FOR EACH ROW EXECUTE FUNCTION schedule_entries_check_audience();--> statement-breakpoint
-- schedule_audience_groups follows schedule_entries: the groups an entry reaches (its group, its subgroup's group,
-- or every group of its stream).
CREATE FUNCTION schedule_entries_fill_audience() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM schedule_audience_groups WHERE entry_id = OLD.id;
  END IF;
  INSERT INTO schedule_audience_groups
    (entry_id, group_id, subgroup_id, academic_year_id, half_year_kind, day_number, time_slot_id, week_parity)
  SELECT NEW.id, reached.group_id, reached.subgroup_id, NEW.academic_year_id, NEW.half_year_kind, NEW.day_number,
         NEW.time_slot_id, NEW.week_parity
  FROM (
    SELECT NEW.group_id AS group_id, NULL::integer AS subgroup_id WHERE NEW.group_id IS NOT NULL
    UNION ALL
    SELECT s.group_id, s.id FROM subgroups s WHERE s.id = NEW.subgroup_id
    UNION ALL
    SELECT sg.group_id, NULL FROM stream_groups sg WHERE sg.stream_id = NEW.stream_id
  ) reached;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "schedule_entries_fill_audience" AFTER INSERT OR UPDATE ON "schedule_entries"
  FOR EACH ROW EXECUTE FUNCTION schedule_entries_fill_audience();--> statement-breakpoint
-- ...and follows a stream's membership: a group joining a stream joins its lectures (or is refused, when it has
-- lessons then), a group leaving it leaves them.
CREATE FUNCTION stream_groups_fill_audience() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM schedule_audience_groups ag USING schedule_entries e
      WHERE e.id = ag.entry_id AND e.stream_id = OLD.stream_id AND ag.group_id = OLD.group_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO schedule_audience_groups
      (entry_id, group_id, subgroup_id, academic_year_id, half_year_kind, day_number, time_slot_id, week_parity)
    SELECT e.id, NEW.group_id, NULL, e.academic_year_id, e.half_year_kind, e.day_number, e.time_slot_id, e.week_parity
    FROM schedule_entries e WHERE e.stream_id = NEW.stream_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stream_groups_fill_audience" AFTER INSERT OR UPDATE OR DELETE ON "stream_groups"
  FOR EACH ROW EXECUTE FUNCTION stream_groups_fill_audience();
