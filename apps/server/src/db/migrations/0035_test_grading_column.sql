ALTER TABLE "tests" ADD COLUMN "grading_column" smallint;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "grading_mode" text DEFAULT 'best' NOT NULL;