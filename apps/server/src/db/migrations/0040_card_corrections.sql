CREATE TABLE "correction_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"topic" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"comment" text,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "correction_requests_status_check" CHECK ("correction_requests"."status" in ('new', 'in_progress', 'done', 'rejected')),
	CONSTRAINT "correction_requests_topic_check" CHECK ("correction_requests"."topic" in ('personal', 'study', 'groups', 'credits', 'teaching', 'other'))
);
--> statement-breakpoint
CREATE TABLE "group_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"from_group_id" integer,
	"to_group_id" integer NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_moves_source_check" CHECK ("group_moves"."source" in ('staff', 'import'))
);
--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_moves" ADD CONSTRAINT "group_moves_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_moves" ADD CONSTRAINT "group_moves_from_group_id_groups_id_fk" FOREIGN KEY ("from_group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_moves" ADD CONSTRAINT "group_moves_to_group_id_groups_id_fk" FOREIGN KEY ("to_group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correction_requests_user_idx" ON "correction_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "correction_requests_status_idx" ON "correction_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "group_moves_student_idx" ON "group_moves" USING btree ("student_id","at");--> statement-breakpoint
-- The moves staff made before this table: the audit log kept each with the group's name before and after.
INSERT INTO "group_moves" ("student_id", "from_group_id", "to_group_id", "source", "at")
SELECT a."target_id", f."id", g."id", 'staff', a."at"
FROM "audit_log" a
JOIN "users" u ON u."id" = a."target_id"
JOIN "groups" g ON g."name" = a."after"->>'group'
LEFT JOIN "groups" f ON f."name" = a."before"->>'group'
WHERE a."action" = 'person.move' AND (a."before"->>'group') IS DISTINCT FROM (a."after"->>'group');
