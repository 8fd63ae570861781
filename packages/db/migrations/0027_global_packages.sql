-- Global packages (issue 32, ADR 0051): the offer's start and end, staff's display name per locale, and the
-- staff's order of the home page's popular and offers lists.
ALTER TABLE "packages" ADD COLUMN "offer_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "offer_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "display_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "popular_position" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "offer_position" integer;