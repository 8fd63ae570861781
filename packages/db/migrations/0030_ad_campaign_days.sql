-- Meta's figures per day and campaign (issue 33, ADR 0078): rewritten by each ads sync for its range, read by the
-- Facebook summary and campaigns screens; filled once here from the ad rows already synced.
CREATE TABLE "ad_campaign_days" (
	"day" date NOT NULL,
	"campaign_id" uuid NOT NULL,
	"spend_cents" bigint,
	"impressions" bigint,
	"clicks" bigint,
	"purchases" bigint,
	"purchase_value_cents" bigint,
	CONSTRAINT "ad_campaign_days_pk" PRIMARY KEY("day","campaign_id")
);
--> statement-breakpoint
ALTER TABLE "ad_campaign_days" ADD CONSTRAINT "ad_campaign_days_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "ad_campaign_days" ("day", "campaign_id", "spend_cents", "impressions", "clicks", "purchases", "purchase_value_cents")
SELECT "day", "campaign_id", sum("spend_cents"), sum("impressions"), sum("clicks"), sum("purchases"), sum("purchase_value_cents")
FROM "ad_insights_daily" GROUP BY "day", "campaign_id";
