-- Low-balance e-mail (issue 11, ADR 0020): whether the next fall under the shop's threshold sends an e-mail (armed
-- again when credit + bonus is back at or above it) and when the last one went out (at most one a day).

ALTER TABLE "shops" ADD COLUMN "low_balance_alert_armed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "low_balance_alerted_at" timestamp with time zone;