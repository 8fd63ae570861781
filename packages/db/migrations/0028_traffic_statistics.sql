-- First-party traffic (issue 33, ADR 0066-0068): page views sent after consent to statistics cookies (no IP
-- kept), their daily roll-ups by source/campaign/landing page and by country, when the roll-up last ran; each
-- order's attribution gains the last touch's medium and referring host, the visit's session and the first touch;
-- an index for customers registered per country.
CREATE TABLE "traffic_daily" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"landing_page" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_daily_day_source_campaign_landing_page_pk" PRIMARY KEY("day","source","campaign","landing_page")
);
--> statement-breakpoint
CREATE TABLE "traffic_daily_countries" (
	"day" date NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_daily_countries_day_country_pk" PRIMARY KEY("day","country")
);
--> statement-breakpoint
CREATE TABLE "traffic_page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" uuid NOT NULL,
	"path" text NOT NULL,
	"locale" text NOT NULL,
	"country" text,
	"source" text NOT NULL,
	"medium" text,
	"campaign" text,
	"referrer_host" text,
	"landing_page" text NOT NULL,
	"entry" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_rollup_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "traffic_session_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_utm_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_utm_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_utm_campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_fbclid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_referrer_host" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_landing_page" text;--> statement-breakpoint
CREATE INDEX "traffic_daily_source_idx" ON "traffic_daily" USING btree ("source","day");--> statement-breakpoint
CREATE INDEX "traffic_page_views_occurred_idx" ON "traffic_page_views" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "users_customers_created_idx" ON "users" USING btree ("created_at","country") WHERE "users"."kind" = 'customer' and "users"."deleted_at" is null;