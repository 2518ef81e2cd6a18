DROP INDEX "books_name_trgm_idx";--> statement-breakpoint
DROP INDEX "books_author_trgm_idx";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("books"."name") || chr(10) || lower("books"."author")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "books_search_trgm_idx" ON "books" USING gin ("search_text" gin_trgm_ops);