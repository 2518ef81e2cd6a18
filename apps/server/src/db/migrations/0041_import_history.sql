ALTER TABLE "import_jobs" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "file_name" text;