CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"text" text NOT NULL,
	"audience" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_audience_check" CHECK ("news"."audience" in ('all', 'teachers', 'students'))
);
--> statement-breakpoint
CREATE TABLE "news_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "news_attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "news_attachments_name_key" UNIQUE("news_id","name")
);
--> statement-breakpoint
CREATE TABLE "news_faculties" (
	"news_id" integer NOT NULL,
	"faculty_id" integer NOT NULL,
	CONSTRAINT "news_faculties_news_id_faculty_id_pk" PRIMARY KEY("news_id","faculty_id")
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_attachments" ADD CONSTRAINT "news_attachments_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_faculties" ADD CONSTRAINT "news_faculties_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_faculties" ADD CONSTRAINT "news_faculties_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_created_idx" ON "news" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "news_author_idx" ON "news" USING btree ("author_id");