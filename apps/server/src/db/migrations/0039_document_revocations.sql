CREATE TABLE "document_revocations" (
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"reason" text NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" integer,
	CONSTRAINT "document_revocations_kind_source_id_pk" PRIMARY KEY("kind","source_id"),
	CONSTRAINT "document_revocations_kind_check" CHECK ("document_revocations"."kind" in ('reference')),
	CONSTRAINT "document_revocations_reason_check" CHECK (length(btrim("document_revocations"."reason")) between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "document_revocations" ADD CONSTRAINT "document_revocations_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_revocations_at_idx" ON "document_revocations" USING btree ("revoked_at");