CREATE TABLE "auth_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "auth_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "auth_attempts_resets_idx" ON "auth_attempts" USING btree ("resets_at");