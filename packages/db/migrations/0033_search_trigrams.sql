-- Staff search by part of an e-mail, phone or name (ADR 0089): trigram indexes, so `ILIKE '%…%'` on 100,000
-- customers reads a few index pages instead of every row. pg_trgm ships with PostgreSQL (and PGlite's contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);