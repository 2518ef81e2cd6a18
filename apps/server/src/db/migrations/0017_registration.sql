CREATE TABLE "elective_permissions" (
	"student_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"half_year_kind" smallint NOT NULL,
	CONSTRAINT "elective_permissions_student_id_academic_year_id_half_year_kind_pk" PRIMARY KEY("student_id","academic_year_id","half_year_kind")
);
--> statement-breakpoint
CREATE TABLE "registration_offerings" (
	"teaching_assignment_id" integer PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_offerings_capacity_check" CHECK ("registration_offerings"."capacity" > 0),
	CONSTRAINT "registration_offerings_taken_check" CHECK ("registration_offerings"."taken" >= 0 and "registration_offerings"."taken" <= "registration_offerings"."capacity")
);
--> statement-breakpoint
CREATE TABLE "registration_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"academic_year_id" integer NOT NULL,
	"half_year_kind" smallint NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"credit_cap" smallint NOT NULL,
	CONSTRAINT "registration_windows_academic_year_id_half_year_kind_unique" UNIQUE("academic_year_id","half_year_kind"),
	CONSTRAINT "registration_windows_order_check" CHECK ("registration_windows"."closes_at" > "registration_windows"."opens_at"),
	CONSTRAINT "registration_windows_cap_check" CHECK ("registration_windows"."credit_cap" between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "offering_id" integer;--> statement-breakpoint
ALTER TABLE "elective_permissions" ADD CONSTRAINT "elective_permissions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_permissions" ADD CONSTRAINT "elective_permissions_half_year_fk" FOREIGN KEY ("academic_year_id","half_year_kind") REFERENCES "public"."half_years"("academic_year_id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_offerings" ADD CONSTRAINT "registration_offerings_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_windows" ADD CONSTRAINT "registration_windows_half_year_fk" FOREIGN KEY ("academic_year_id","half_year_kind") REFERENCES "public"."half_years"("academic_year_id","kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_offering_id_teaching_assignments_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_offering_idx" ON "registrations" USING btree ("offering_id");