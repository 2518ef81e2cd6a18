CREATE TABLE "questionnaire_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"answered_on" date NOT NULL,
	"answers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_respondents" (
	"questionnaire_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "questionnaire_respondents_questionnaire_id_student_id_teacher_id_discipline_id_pk" PRIMARY KEY("questionnaire_id","student_id","teacher_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target" text NOT NULL,
	"academic_year_id" integer,
	"half_year_kind" smallint,
	"audience_id" integer,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"min_answers" smallint DEFAULT 5 NOT NULL,
	"free_text_released" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	CONSTRAINT "questionnaires_window" CHECK ("questionnaires"."closes_at" > "questionnaires"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_respondents" ADD CONSTRAINT "questionnaire_respondents_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_respondents" ADD CONSTRAINT "questionnaire_respondents_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_answers_target_idx" ON "questionnaire_answers" USING btree ("questionnaire_id","teacher_id","discipline_id");--> statement-breakpoint
CREATE INDEX "questionnaire_questions_idx" ON "questionnaire_questions" USING btree ("questionnaire_id","position");