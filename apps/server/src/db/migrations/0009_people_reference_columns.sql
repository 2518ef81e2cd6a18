ALTER TABLE "teacher_profiles" ALTER COLUMN "position_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" DROP COLUMN "position";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "nationality";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "citizenship";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "education";