CREATE TABLE "change_cursors" (
	"reader" text PRIMARY KEY NOT NULL,
	"txid" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_events_order_idx" ON "change_events" USING btree ("txid","id");--> statement-breakpoint
CREATE INDEX "change_events_at_idx" ON "change_events" USING btree ("at");