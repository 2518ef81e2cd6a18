CREATE TABLE "payment_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transfers_ref" UNIQUE("provider","provider_ref"),
	CONSTRAINT "payment_transfers_amount_positive" CHECK ("payment_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "qr_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_attempts" ADD COLUMN "ticket" text;--> statement-breakpoint
-- Card payments made so far: a paid one received its amount, and the sandbox's were tests.
UPDATE "payments" SET "received" = "amount" WHERE "status" = 'paid';--> statement-breakpoint
UPDATE "payments" SET "test" = true WHERE "provider" = 'sandbox';--> statement-breakpoint
ALTER TABLE "payment_transfers" ADD CONSTRAINT "payment_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_transfers_payment_idx" ON "payment_transfers" USING btree ("payment_id");--> statement-breakpoint
-- Bank transfers recorded so far, each its own payment: the transfer it was.
INSERT INTO "payment_transfers" ("payment_id", "provider", "provider_ref", "amount", "received_at")
  SELECT "id", "provider", "provider_ref", "amount", coalesce("paid_at", "created_at") FROM "payments"
  WHERE "method" = 'bank' AND "provider_ref" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_partial_per_code" ON "payments" USING btree ("code") WHERE "payments"."status" = 'partial';--> statement-breakpoint
-- A phone that checked in several students of one check-in before the unique key: its first acceptance stands, the
-- others read as what they were (their journal marks stay).
UPDATE "qr_attempts" a SET "result" = 'qr_device_used' WHERE a."result" = 'accepted' AND EXISTS (
  SELECT 1 FROM "qr_attempts" b WHERE b."session_id" = a."session_id" AND b."device_id" = a."device_id"
    AND b."result" = 'accepted' AND b."id" < a."id");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_attempts_device_key" ON "qr_attempts" USING btree ("session_id","device_id") WHERE "qr_attempts"."result" = 'accepted';--> statement-breakpoint
CREATE INDEX "qr_attempts_ticket_idx" ON "qr_attempts" USING btree ("session_id","ticket");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_received_not_negative" CHECK ("payments"."received" >= 0);