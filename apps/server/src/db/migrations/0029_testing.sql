CREATE TABLE "test_answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"response" jsonb NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"points_x100" integer,
	"manual" boolean DEFAULT false NOT NULL,
	CONSTRAINT "test_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"question_ids" integer[] NOT NULL,
	"seed" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"score_x100" integer,
	"max_x100" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"points" smallint DEFAULT 1 NOT NULL,
	"body" jsonb NOT NULL,
	"key" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"title" text NOT NULL,
	"audience_kind" text NOT NULL,
	"audience_id" integer NOT NULL,
	"topics" text[],
	"question_ids" integer[],
	"question_count" smallint NOT NULL,
	"shuffle" boolean DEFAULT true NOT NULL,
	"time_limit_min" smallint NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"attempts_allowed" smallint DEFAULT 1 NOT NULL,
	"partial_credit" boolean DEFAULT true NOT NULL,
	"show_answers" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tests_window" CHECK ("tests"."closes_at" > "tests"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_question_id_test_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."test_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_attempts_one_open" ON "test_attempts" USING btree ("test_id","student_id") WHERE "test_attempts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "test_attempts_test_idx" ON "test_attempts" USING btree ("test_id","student_id");--> statement-breakpoint
CREATE INDEX "test_attempts_open_deadline_idx" ON "test_attempts" USING btree ("deadline") WHERE "test_attempts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "test_questions_discipline_idx" ON "test_questions" USING btree ("discipline_id","topic");--> statement-breakpoint
CREATE INDEX "tests_teacher_idx" ON "tests" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "tests_audience_idx" ON "tests" USING btree ("audience_kind","audience_id");