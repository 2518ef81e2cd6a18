CREATE TABLE "grading_cell_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"sheet_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"old_points" smallint,
	"new_points" smallint,
	"changed_by" integer,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grading_cells" (
	"sheet_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"points" smallint,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_cells_sheet_id_student_id_position_pk" PRIMARY KEY("sheet_id","student_id","position"),
	CONSTRAINT "grading_cells_points_check" CHECK ("grading_cells"."points" is null or "grading_cells"."points" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "grading_results" (
	"sheet_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"points" smallint NOT NULL,
	"credits" smallint NOT NULL,
	CONSTRAINT "grading_results_sheet_id_student_id_pk" PRIMARY KEY("sheet_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "grading_schemes" (
	"discipline_id" integer PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"admission_min" smallint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_schemes_admission_check" CHECK ("grading_schemes"."admission_min" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "grading_sheet_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"sheet_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grading_sheet_students" (
	"sheet_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "grading_sheet_students_sheet_id_student_id_pk" PRIMARY KEY("sheet_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "grading_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'regular' NOT NULL,
	"academic_year_id" integer NOT NULL,
	"half_year_kind" smallint NOT NULL,
	"semester_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"examination_type_id" integer,
	"credits" smallint NOT NULL,
	"columns" jsonb NOT NULL,
	"admission_min" smallint NOT NULL,
	"parent_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"first_closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_sheets_half_year_check" CHECK ("grading_sheets"."half_year_kind" in (1, 2, 3)),
	CONSTRAINT "grading_sheets_credits_check" CHECK ("grading_sheets"."credits" between 1 and 60),
	CONSTRAINT "grading_sheets_closed_check" CHECK (("grading_sheets"."status" = 'closed') = ("grading_sheets"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "grading_cells" ADD CONSTRAINT "grading_cells_sheet_id_grading_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."grading_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_cells" ADD CONSTRAINT "grading_cells_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_results" ADD CONSTRAINT "grading_results_sheet_id_grading_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."grading_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_results" ADD CONSTRAINT "grading_results_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_schemes" ADD CONSTRAINT "grading_schemes_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_schemes" ADD CONSTRAINT "grading_schemes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheet_students" ADD CONSTRAINT "grading_sheet_students_sheet_id_grading_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."grading_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheet_students" ADD CONSTRAINT "grading_sheet_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_examination_type_id_examination_types_id_fk" FOREIGN KEY ("examination_type_id") REFERENCES "public"."examination_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grading_cell_history_sheet_idx" ON "grading_cell_history" USING btree ("sheet_id","student_id");--> statement-breakpoint
CREATE INDEX "grading_cells_student_idx" ON "grading_cells" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "grading_results_student_idx" ON "grading_results" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "grading_sheet_events_sheet_idx" ON "grading_sheet_events" USING btree ("sheet_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_sheets_regular_key" ON "grading_sheets" USING btree ("academic_year_id","half_year_kind","discipline_id","group_id") WHERE "grading_sheets"."kind" = 'regular';--> statement-breakpoint
CREATE INDEX "grading_sheets_group_idx" ON "grading_sheets" USING btree ("group_id","academic_year_id","half_year_kind");
--> statement-breakpoint
-- The lock of a closed sheet: no write to its cells or its students, whatever path it takes (the service, an import, SQL).
CREATE FUNCTION grading_refuse_closed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sheet integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.sheet_id ELSE NEW.sheet_id END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.sheet_id <> NEW.sheet_id THEN
    PERFORM 1 FROM grading_sheets WHERE id = OLD.sheet_id AND status = 'closed';
    IF FOUND THEN
      RAISE EXCEPTION 'grading sheet % is closed', OLD.sheet_id USING ERRCODE = 'GS409';
    END IF;
  END IF;
  PERFORM 1 FROM grading_sheets WHERE id = sheet AND status = 'closed';
  IF FOUND THEN
    RAISE EXCEPTION 'grading sheet % is closed', sheet USING ERRCODE = 'GS409';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER grading_cells_closed BEFORE INSERT OR UPDATE OR DELETE ON grading_cells
  FOR EACH ROW EXECUTE FUNCTION grading_refuse_closed();
--> statement-breakpoint
CREATE TRIGGER grading_sheet_students_closed BEFORE INSERT OR UPDATE OR DELETE ON grading_sheet_students
  FOR EACH ROW EXECUTE FUNCTION grading_refuse_closed();
--> statement-breakpoint
-- Every change to a cell of a sheet that has been closed once: who, when, old → new, the last reopen's reason.
CREATE FUNCTION grading_keep_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.points IS NOT DISTINCT FROM NEW.points THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM grading_sheets WHERE id = r.sheet_id AND first_closed_at IS NOT NULL;
  IF FOUND THEN
    INSERT INTO grading_cell_history (sheet_id, student_id, position, old_points, new_points, changed_by, reason)
    VALUES (
      r.sheet_id, r.student_id, r.position,
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.points END,
      CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.points END,
      r.updated_by,
      coalesce((SELECT e.reason FROM grading_sheet_events e WHERE e.sheet_id = r.sheet_id AND e.action = 'reopen'
                 ORDER BY e.id DESC LIMIT 1), ''));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER grading_cells_history AFTER INSERT OR UPDATE OR DELETE ON grading_cells
  FOR EACH ROW EXECUTE FUNCTION grading_keep_history();
--> statement-breakpoint
-- History and sheet events are only appended.
CREATE FUNCTION grading_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'GS403';
END $$;
--> statement-breakpoint
CREATE TRIGGER grading_cell_history_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON grading_cell_history
  FOR EACH STATEMENT EXECUTE FUNCTION grading_append_only();
--> statement-breakpoint
CREATE TRIGGER grading_sheet_events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON grading_sheet_events
  FOR EACH STATEMENT EXECUTE FUNCTION grading_append_only();
