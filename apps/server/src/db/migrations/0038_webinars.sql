CREATE TABLE "webinar_recordings" (
	"webinar_id" integer NOT NULL,
	"date" date NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "webinar_recordings_webinar_id_date_pk" PRIMARY KEY("webinar_id","date"),
	CONSTRAINT "webinar_recordings_url_check" CHECK ("webinar_recordings"."url" like 'https://%')
);
--> statement-breakpoint
CREATE TABLE "webinars" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"entry_id" integer,
	"weekly" boolean DEFAULT false NOT NULL,
	"date" date,
	"group_id" integer,
	"subgroup_id" integer,
	"stream_id" integer,
	"starts_at" time,
	"ends_at" time,
	"title" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webinars_shape_check" CHECK (("webinars"."entry_id" is not null and num_nonnulls("webinars"."group_id", "webinars"."subgroup_id", "webinars"."stream_id", "webinars"."starts_at", "webinars"."ends_at") = 0
        and "webinars"."weekly" = ("webinars"."date" is null))
      or ("webinars"."entry_id" is null and not "webinars"."weekly" and "webinars"."date" is not null and "webinars"."ends_at" > "webinars"."starts_at"
        and num_nonnulls("webinars"."group_id", "webinars"."subgroup_id", "webinars"."stream_id") = 1)),
	CONSTRAINT "webinars_url_check" CHECK ("webinars"."url" like 'https://%')
);
--> statement-breakpoint
ALTER TABLE "webinar_recordings" ADD CONSTRAINT "webinar_recordings_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_entry_id_schedule_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."schedule_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_subgroup_id_subgroups_id_fk" FOREIGN KEY ("subgroup_id") REFERENCES "public"."subgroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webinars_entry_weekly_idx" ON "webinars" USING btree ("entry_id") WHERE "webinars"."weekly";--> statement-breakpoint
CREATE UNIQUE INDEX "webinars_entry_date_idx" ON "webinars" USING btree ("entry_id","date") WHERE "webinars"."entry_id" is not null and "webinars"."date" is not null;--> statement-breakpoint
CREATE INDEX "webinars_teacher_idx" ON "webinars" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "webinars_date_idx" ON "webinars" USING btree ("date");--> statement-breakpoint
CREATE INDEX "webinars_group_idx" ON "webinars" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "webinars_subgroup_idx" ON "webinars" USING btree ("subgroup_id");--> statement-breakpoint
CREATE INDEX "webinars_stream_idx" ON "webinars" USING btree ("stream_id");