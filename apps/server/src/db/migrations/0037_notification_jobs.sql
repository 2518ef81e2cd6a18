CREATE TABLE "registration_window_notices" (
	"window_id" integer NOT NULL,
	"phase" text NOT NULL,
	"moment" timestamp with time zone NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_window_notices_window_id_phase_moment_pk" PRIMARY KEY("window_id","phase","moment")
);
--> statement-breakpoint
CREATE TABLE "order_waiting_notices" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_window_notices" ADD CONSTRAINT "registration_window_notices_window_id_registration_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."registration_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_waiting_notices" ADD CONSTRAINT "order_waiting_notices_order_id_document_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."document_orders"("id") ON DELETE cascade ON UPDATE no action;