-- Statistics at volume (issue 33, ADR 0088): the daily order rollups gain grain `ad` (attributed orders per
-- utm_campaign), so the triggers also mark a day whose orders' attribution changed, and every day with an
-- attributed paid order is marked once here so the first refresh builds the grain; Meta's figures per ad and
-- month (`ad_months`, rewritten by every sync), filled here from the ad rows already synced; one package's
-- buyers read from their index alone.
CREATE TABLE "ad_months" (
	"month" date NOT NULL,
	"ad_id" uuid NOT NULL,
	"spend_cents" bigint,
	"impressions" bigint,
	"clicks" bigint,
	"purchases" bigint,
	"purchase_value_cents" bigint,
	CONSTRAINT "ad_months_pk" PRIMARY KEY("month","ad_id")
);
--> statement-breakpoint
DROP INDEX "orders_package_paid_idx";--> statement-breakpoint
ALTER TABLE "order_daily_rollups" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "ad_months" ADD CONSTRAINT "ad_months_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_package_paid_idx" ON "orders" USING btree ("package_id","paid_at","kind","status","payment_method","user_id","buyer_email","total_cents") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_rollups_mark_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "order_rollup_dirty_days" ("day")
      SELECT DISTINCT ("paid_at" AT TIME ZONE 'UTC')::date FROM new_rows WHERE "paid_at" IS NOT NULL
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "order_rollup_dirty_days" ("day")
      SELECT DISTINCT ("paid_at" AT TIME ZONE 'UTC')::date FROM old_rows WHERE "paid_at" IS NOT NULL
      ON CONFLICT DO NOTHING;
  ELSE
    -- Only changes a rollup reads (grain `ad` reads the attribution too): fulfilment attempts, receipts and the
    -- like rebuild nothing.
    INSERT INTO "order_rollup_dirty_days" ("day")
      SELECT DISTINCT d.day FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.paid_at), (n.paid_at)) AS p(paid_at),
        LATERAL (SELECT (p.paid_at AT TIME ZONE 'UTC')::date AS day) AS d
      WHERE p.paid_at IS NOT NULL
        AND (o.paid_at, o.kind, o.status, o.payment_method, o.country, o.package_id, o.total_cents,
             o.fbclid, o.utm_source, o.utm_campaign)
          IS DISTINCT FROM (n.paid_at, n.kind, n.status, n.payment_method, n.country, n.package_id, n.total_cents,
             n.fbclid, n.utm_source, n.utm_campaign)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "order_rollup_dirty_days" ("day")
  SELECT DISTINCT ("paid_at" AT TIME ZONE 'UTC')::date FROM "orders"
  WHERE "paid_at" IS NOT NULL
    AND ("fbclid" IS NOT NULL OR lower("utm_source") IN ('facebook', 'fb', 'ig', 'instagram'))
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "ad_months" ("month", "ad_id", "spend_cents", "impressions", "clicks", "purchases", "purchase_value_cents")
SELECT date_trunc('month', "day")::date, "ad_id", sum("spend_cents"), sum("impressions"), sum("clicks"),
  sum("purchases"), sum("purchase_value_cents")
FROM "ad_insights_daily" GROUP BY 1, 2;
