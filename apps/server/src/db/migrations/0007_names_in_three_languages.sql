CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "education_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nationalities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL,
	"name_female" text
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "name_kg" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD COLUMN "position_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "nationality_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "citizenship_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "education_id" integer;--> statement-breakpoint
ALTER TABLE "teacher_profiles" ADD CONSTRAINT "teacher_profiles_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_nationality_id_nationalities_id_fk" FOREIGN KEY ("nationality_id") REFERENCES "public"."nationalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_citizenship_id_countries_id_fk" FOREIGN KEY ("citizenship_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_education_id_education_levels_id_fk" FOREIGN KEY ("education_id") REFERENCES "public"."education_levels"("id") ON DELETE no action ON UPDATE no action;