CREATE TABLE "qr_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"distance_m" double precision,
	"accuracy_m" double precision,
	"result" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"schedule_entry_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"room_id" integer NOT NULL,
	"teacher_latitude" double precision,
	"teacher_longitude" double precision,
	"secret" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "qr_sessions_stop_check" CHECK ("qr_sessions"."stopped_at" is null or "qr_sessions"."stopped_at" >= "qr_sessions"."started_at")
);
--> statement-breakpoint
ALTER TABLE "qr_attempts" ADD CONSTRAINT "qr_attempts_session_id_qr_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."qr_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_attempts" ADD CONSTRAINT "qr_attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_schedule_entry_id_schedule_entries_id_fk" FOREIGN KEY ("schedule_entry_id") REFERENCES "public"."schedule_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_attempts_accepted_key" ON "qr_attempts" USING btree ("session_id","student_id") WHERE "qr_attempts"."result" = 'accepted';--> statement-breakpoint
CREATE INDEX "qr_attempts_device_idx" ON "qr_attempts" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "qr_attempts_session_idx" ON "qr_attempts" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "qr_sessions_entry_idx" ON "qr_sessions" USING btree ("schedule_entry_id","lesson_date");--> statement-breakpoint
CREATE INDEX "qr_sessions_teacher_idx" ON "qr_sessions" USING btree ("teacher_id");