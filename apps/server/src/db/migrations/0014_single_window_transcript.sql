CREATE SEQUENCE "public"."document_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "districts" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "districts_id_region_unique" UNIQUE("id","region_id")
);
--> statement-breakpoint
CREATE TABLE "document_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"purpose_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"changed_by" integer,
	"number" text,
	"issued_at" timestamp with time zone,
	"verification_code" text,
	"issued" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "document_orders_verification_code_unique" UNIQUE("verification_code"),
	CONSTRAINT "document_orders_status_check" CHECK ("document_orders"."status" in ('waiting', 'preparing', 'prepared', 'canceled')),
	CONSTRAINT "document_orders_issued_check" CHECK (("document_orders"."status" = 'prepared') = ("document_orders"."number" is not null and "document_orders"."issued_at" is not null and "document_orders"."verification_code" is not null and "document_orders"."issued" is not null))
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_purposes" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "final_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"half_year_kind" smallint NOT NULL,
	"semester_id" integer NOT NULL,
	"examination_type_id" integer,
	"credits" smallint NOT NULL,
	"points" smallint NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "final_results_student_id_academic_year_id_half_year_kind_discipline_id_unique" UNIQUE("student_id","academic_year_id","half_year_kind","discipline_id"),
	CONSTRAINT "final_results_points_check" CHECK ("final_results"."points" between 0 and 100),
	CONSTRAINT "final_results_credits_check" CHECK ("final_results"."credits" between 1 and 60),
	CONSTRAINT "final_results_half_year_check" CHECK ("final_results"."half_year_kind" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "grade_scale" (
	"id" serial PRIMARY KEY NOT NULL,
	"letter" text NOT NULL,
	"min_points" smallint NOT NULL,
	"max_points" smallint NOT NULL,
	"numeric_x100" smallint NOT NULL,
	CONSTRAINT "grade_scale_letter_unique" UNIQUE("letter"),
	CONSTRAINT "grade_scale_points_check" CHECK (0 <= "grade_scale"."min_points" and "grade_scale"."min_points" <= "grade_scale"."max_points" and "grade_scale"."max_points" <= 100),
	CONSTRAINT "grade_scale_numeric_check" CHECK ("grade_scale"."numeric_x100" between 0 and 500)
);
--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_orders" ADD CONSTRAINT "document_orders_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_orders" ADD CONSTRAINT "document_orders_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_orders" ADD CONSTRAINT "document_orders_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_orders" ADD CONSTRAINT "document_orders_purpose_id_order_purposes_id_fk" FOREIGN KEY ("purpose_id") REFERENCES "public"."order_purposes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_orders" ADD CONSTRAINT "document_orders_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_orders" ADD CONSTRAINT "document_orders_district_in_region_fk" FOREIGN KEY ("district_id","region_id") REFERENCES "public"."districts"("id","region_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_examination_type_id_examination_types_id_fk" FOREIGN KEY ("examination_type_id") REFERENCES "public"."examination_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_orders_student_idx" ON "document_orders" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "document_orders_status_idx" ON "document_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "final_results_student_idx" ON "final_results" USING btree ("student_id");