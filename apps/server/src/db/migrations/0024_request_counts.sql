CREATE TABLE "request_counts" (
	"key" text NOT NULL,
	"minute" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "request_counts_key_minute_pk" PRIMARY KEY("key","minute")
);
