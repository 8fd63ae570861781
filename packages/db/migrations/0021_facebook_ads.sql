-- Facebook ads (issue 33, ADR 0069): campaigns, ad sets and ads synced from Meta, their insights per ad and UTC
-- day (a metric Meta did not report is null), each sync run, and the partial index of orders that came
-- through an ad.

CREATE TABLE "ad_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text DEFAULT 'meta' NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"objective" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_insights_daily" (
	"ad_id" uuid NOT NULL,
	"day" date NOT NULL,
	"campaign_id" uuid NOT NULL,
	"spend_cents" integer,
	"impressions" integer,
	"reach" integer,
	"clicks" integer,
	"cpc_cents" double precision,
	"ctr_percent" double precision,
	"purchases" integer,
	"purchase_value_cents" integer,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_insights_daily_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text DEFAULT 'meta' NOT NULL,
	"external_id" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"trigger" text NOT NULL,
	"staff_user_id" uuid,
	"result" jsonb,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text DEFAULT 'meta' NOT NULL,
	"external_id" text NOT NULL,
	"ad_set_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_insights_daily" ADD CONSTRAINT "ad_insights_daily_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_insights_daily" ADD CONSTRAINT "ad_insights_daily_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_syncs" ADD CONSTRAINT "ad_syncs_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_ad_set_id_ad_sets_id_fk" FOREIGN KEY ("ad_set_id") REFERENCES "public"."ad_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaigns_external_unique" ON "ad_campaigns" USING btree ("platform","external_id");--> statement-breakpoint
CREATE INDEX "ad_insights_daily_day_idx" ON "ad_insights_daily" USING btree ("day","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_sets_external_unique" ON "ad_sets" USING btree ("platform","external_id");--> statement-breakpoint
CREATE INDEX "ad_syncs_finished_idx" ON "ad_syncs" USING btree ("finished_at") WHERE "ad_syncs"."error" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ads_external_unique" ON "ads" USING btree ("platform","external_id");--> statement-breakpoint
CREATE INDEX "orders_ad_attribution_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."fbclid" is not null or lower("orders"."utm_source") in ('facebook', 'fb', 'ig', 'instagram');