CREATE TABLE "books" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"total_pages" integer DEFAULT 0 NOT NULL,
	"category_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"file_name" text,
	"file_key" text,
	"file_size" integer,
	"umk_material_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_umk_material_id_unique" UNIQUE("umk_material_id")
);
--> statement-breakpoint
CREATE TABLE "library_base_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_category_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "umk_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"total_pages" integer DEFAULT 0 NOT NULL,
	"annotation" text DEFAULT '' NOT NULL,
	"discipline_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"examination_type_id" integer NOT NULL,
	"audience" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "umk_materials_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "umk_materials_audience_check" CHECK ("umk_materials"."audience" in ('all', 'full_time', 'part_time'))
);
--> statement-breakpoint
CREATE TABLE "umk_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_category_id_library_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."library_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_umk_material_id_umk_materials_id_fk" FOREIGN KEY ("umk_material_id") REFERENCES "public"."umk_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_categories" ADD CONSTRAINT "library_categories_base_category_id_library_base_categories_id_fk" FOREIGN KEY ("base_category_id") REFERENCES "public"."library_base_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_materials" ADD CONSTRAINT "umk_materials_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_materials" ADD CONSTRAINT "umk_materials_type_id_umk_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."umk_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_materials" ADD CONSTRAINT "umk_materials_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_materials" ADD CONSTRAINT "umk_materials_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_materials" ADD CONSTRAINT "umk_materials_examination_type_id_examination_types_id_fk" FOREIGN KEY ("examination_type_id") REFERENCES "public"."examination_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_name_trgm_idx" ON "books" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_author_trgm_idx" ON "books" USING gin (lower("author") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_name_idx" ON "books" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "books_category_name_idx" ON "books" USING btree ("category_id","name","id");--> statement-breakpoint
CREATE INDEX "books_owner_idx" ON "books" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "library_categories_base_idx" ON "library_categories" USING btree ("base_category_id","position");--> statement-breakpoint
CREATE INDEX "umk_materials_discipline_idx" ON "umk_materials" USING btree ("discipline_id","created_at");--> statement-breakpoint
CREATE INDEX "umk_materials_teacher_idx" ON "umk_materials" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "umk_materials_created_idx" ON "umk_materials" USING btree ("created_at","id");