ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_schedule_key" UNIQUE("id","teacher_id","discipline_id","lesson_kind_id","academic_year_id","half_year_kind");--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL,
	"short_name" text NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "buildings_short_name_unique" UNIQUE("short_name")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"number" text NOT NULL,
	"capacity" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"checkin_radius_m" integer DEFAULT 60 NOT NULL,
	CONSTRAINT "rooms_building_id_number_unique" UNIQUE("building_id","number"),
	CONSTRAINT "rooms_capacity_check" CHECK ("rooms"."capacity" > 0),
	CONSTRAINT "rooms_latitude_check" CHECK ("rooms"."latitude" between -90 and 90),
	CONSTRAINT "rooms_longitude_check" CHECK ("rooms"."longitude" between -180 and 180),
	CONSTRAINT "rooms_checkin_radius_check" CHECK ("rooms"."checkin_radius_m" between 5 and 2000)
);
--> statement-breakpoint
CREATE TABLE "schedule_audience_groups" (
	"entry_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"subgroup_id" integer,
	"academic_year_id" integer NOT NULL,
	"half_year_kind" smallint NOT NULL,
	"day_number" smallint NOT NULL,
	"time_slot_id" integer NOT NULL,
	"week_parity" text NOT NULL,
	CONSTRAINT "schedule_audience_groups_entry_id_group_id_unique" UNIQUE("entry_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "schedule_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_assignment_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"half_year_kind" smallint NOT NULL,
	"teacher_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"lesson_kind_id" integer NOT NULL,
	"group_id" integer,
	"subgroup_id" integer,
	"stream_id" integer,
	"day_number" smallint NOT NULL,
	"time_slot_id" integer NOT NULL,
	"week_parity" text DEFAULT 'every' NOT NULL,
	"room_id" integer NOT NULL,
	CONSTRAINT "schedule_entries_day_check" CHECK ("schedule_entries"."day_number" between 1 and 7),
	CONSTRAINT "schedule_entries_parity_check" CHECK ("schedule_entries"."week_parity" in ('every', 'odd', 'even')),
	CONSTRAINT "schedule_entries_audience_check" CHECK (num_nonnulls("schedule_entries"."group_id", "schedule_entries"."subgroup_id", "schedule_entries"."stream_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" smallint NOT NULL,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL,
	CONSTRAINT "time_slots_number_unique" UNIQUE("number"),
	CONSTRAINT "time_slots_order_check" CHECK ("time_slots"."ends_at" > "time_slots"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_audience_groups" ADD CONSTRAINT "schedule_audience_groups_entry_id_schedule_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."schedule_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_audience_groups" ADD CONSTRAINT "schedule_audience_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_audience_groups" ADD CONSTRAINT "schedule_audience_groups_subgroup_id_subgroups_id_fk" FOREIGN KEY ("subgroup_id") REFERENCES "public"."subgroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_calendar_feeds" ADD CONSTRAINT "schedule_calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_lesson_kind_id_lesson_kinds_id_fk" FOREIGN KEY ("lesson_kind_id") REFERENCES "public"."lesson_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_subgroup_id_subgroups_id_fk" FOREIGN KEY ("subgroup_id") REFERENCES "public"."subgroups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_assignment_fk" FOREIGN KEY ("teaching_assignment_id","teacher_id","discipline_id","lesson_kind_id","academic_year_id","half_year_kind") REFERENCES "public"."teaching_assignments"("id","teacher_id","discipline_id","lesson_kind_id","academic_year_id","half_year_kind") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "schedule_audience_groups_group_idx" ON "schedule_audience_groups" USING btree ("group_id","academic_year_id","half_year_kind");--> statement-breakpoint
CREATE INDEX "schedule_entries_teacher_idx" ON "schedule_entries" USING btree ("teacher_id","academic_year_id","half_year_kind");--> statement-breakpoint
CREATE INDEX "schedule_entries_assignment_idx" ON "schedule_entries" USING btree ("teaching_assignment_id");--> statement-breakpoint
CREATE INDEX "schedule_entries_room_idx" ON "schedule_entries" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "schedule_entries_stream_idx" ON "schedule_entries" USING btree ("stream_id");
