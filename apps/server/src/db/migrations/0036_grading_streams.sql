ALTER TABLE "grading_sheets" ALTER COLUMN "group_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD COLUMN "stream_id" integer;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grading_sheets_regular_stream_key" ON "grading_sheets" USING btree ("academic_year_id","half_year_kind","discipline_id","stream_id") WHERE "grading_sheets"."kind" = 'regular';--> statement-breakpoint
CREATE INDEX "grading_sheets_stream_idx" ON "grading_sheets" USING btree ("stream_id","academic_year_id","half_year_kind");--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_audience_check" CHECK (num_nonnulls("grading_sheets"."group_id", "grading_sheets"."stream_id") = 1);