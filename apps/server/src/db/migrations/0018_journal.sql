CREATE TABLE "journal_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"points" smallint,
	"is_absence" boolean DEFAULT false NOT NULL,
	"sort_order" smallint NOT NULL,
	CONSTRAINT "journal_assessments_code_unique" UNIQUE("code"),
	CONSTRAINT "journal_assessments_points_check" CHECK ("journal_assessments"."points" is null or "journal_assessments"."points" between 0 and 100),
	CONSTRAINT "journal_assessments_absence_check" CHECK (not "journal_assessments"."is_absence" or "journal_assessments"."points" = 0)
);
--> statement-breakpoint
CREATE TABLE "journal_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"academic_year_id" integer NOT NULL,
	"half_year_kind" smallint NOT NULL,
	"discipline_id" integer NOT NULL,
	"lesson_kind_id" integer NOT NULL,
	"group_id" integer,
	"subgroup_id" integer,
	"stream_id" integer,
	"visit_date" date NOT NULL,
	"time_slot_id" integer NOT NULL,
	"times_count" smallint DEFAULT 1 NOT NULL,
	"topic_id" integer,
	"topic_text" text DEFAULT '' NOT NULL,
	"teacher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_lessons_key" UNIQUE NULLS NOT DISTINCT("academic_year_id","half_year_kind","discipline_id","lesson_kind_id","group_id","subgroup_id","stream_id","visit_date","time_slot_id","times_count"),
	CONSTRAINT "journal_lessons_audience_check" CHECK (num_nonnulls("journal_lessons"."group_id", "journal_lessons"."subgroup_id", "journal_lessons"."stream_id") = 1),
	CONSTRAINT "journal_lessons_times_check" CHECK ("journal_lessons"."times_count" between 1 and 5),
	CONSTRAINT "journal_lessons_half_year_check" CHECK ("journal_lessons"."half_year_kind" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "journal_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_marks_key" UNIQUE("lesson_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "journal_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"academic_year_id" integer NOT NULL,
	"half_year_kind" smallint NOT NULL,
	"discipline_id" integer NOT NULL,
	"lesson_kind_id" integer NOT NULL,
	"module_number" smallint NOT NULL,
	"name" text NOT NULL,
	"hours" smallint DEFAULT 2 NOT NULL,
	"created_by" integer,
	CONSTRAINT "journal_topics_module_check" CHECK ("journal_topics"."module_number" between 1 and 9),
	CONSTRAINT "journal_topics_hours_check" CHECK ("journal_topics"."hours" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_lesson_kind_id_lesson_kinds_id_fk" FOREIGN KEY ("lesson_kind_id") REFERENCES "public"."lesson_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_subgroup_id_subgroups_id_fk" FOREIGN KEY ("subgroup_id") REFERENCES "public"."subgroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_topic_id_journal_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."journal_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_marks" ADD CONSTRAINT "journal_marks_lesson_id_journal_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."journal_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_marks" ADD CONSTRAINT "journal_marks_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_marks" ADD CONSTRAINT "journal_marks_assessment_id_journal_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."journal_assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_marks" ADD CONSTRAINT "journal_marks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_topics" ADD CONSTRAINT "journal_topics_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_topics" ADD CONSTRAINT "journal_topics_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_topics" ADD CONSTRAINT "journal_topics_lesson_kind_id_lesson_kinds_id_fk" FOREIGN KEY ("lesson_kind_id") REFERENCES "public"."lesson_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_topics" ADD CONSTRAINT "journal_topics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_lessons_group_idx" ON "journal_lessons" USING btree ("group_id","academic_year_id","half_year_kind");--> statement-breakpoint
CREATE INDEX "journal_lessons_subgroup_idx" ON "journal_lessons" USING btree ("subgroup_id");--> statement-breakpoint
CREATE INDEX "journal_lessons_stream_idx" ON "journal_lessons" USING btree ("stream_id");--> statement-breakpoint
CREATE INDEX "journal_marks_student_idx" ON "journal_marks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "journal_topics_discipline_idx" ON "journal_topics" USING btree ("discipline_id","academic_year_id","half_year_kind");