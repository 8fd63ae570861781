-- Daily order rollups (ADR 0072): paid orders summed per UTC day x kind x status x payment method x country x
-- package (and summed per country and per package),
-- with their succeeded refunds; triggers on orders and refunds mark the days to rebuild, and every paid
-- day is marked once here so the first refresh builds them.
CREATE TABLE "order_daily_rollups" (
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"country" text,
	"package_id" uuid,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	"refunded_orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_rollup_dirty_days" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_daily_rollups_day_idx" ON "order_daily_rollups" USING btree ("grain","day");--> statement-breakpoint
CREATE INDEX "order_daily_rollups_package_idx" ON "order_daily_rollups" USING btree ("grain","package_id","day");--> statement-breakpoint
CREATE INDEX "orders_package_paid_idx" ON "orders" USING btree ("package_id","paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE FUNCTION "order_rollups_mark_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    -- Only changes a rollup reads: fulfilment attempts, receipts and the like rebuild nothing.
    INSERT INTO "order_rollup_dirty_days" ("day")
      SELECT DISTINCT d.day FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.paid_at), (n.paid_at)) AS p(paid_at),
        LATERAL (SELECT (p.paid_at AT TIME ZONE 'UTC')::date AS day) AS d
      WHERE p.paid_at IS NOT NULL
        AND (o.paid_at, o.kind, o.status, o.payment_method, o.country, o.package_id, o.total_cents)
          IS DISTINCT FROM (n.paid_at, n.kind, n.status, n.payment_method, n.country, n.package_id, n.total_cents)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_rollups_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_rollups_mark_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_rollups_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_rollups_mark_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_rollups_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_rollups_mark_orders"();
--> statement-breakpoint
CREATE FUNCTION "order_rollups_mark_refunds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "order_rollup_dirty_days" ("day")
      SELECT DISTINCT (o.paid_at AT TIME ZONE 'UTC')::date FROM new_rows r JOIN "orders" o ON o.id = r.order_id
      WHERE o.paid_at IS NOT NULL
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO "order_rollup_dirty_days" ("day")
      SELECT DISTINCT (o.paid_at AT TIME ZONE 'UTC')::date FROM old_rows r JOIN "orders" o ON o.id = r.order_id
      WHERE o.paid_at IS NOT NULL
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refunds_rollups_insert" AFTER INSERT ON "refunds" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_rollups_mark_refunds"();
--> statement-breakpoint
CREATE TRIGGER "refunds_rollups_update" AFTER UPDATE ON "refunds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_rollups_mark_refunds"();
--> statement-breakpoint
CREATE TRIGGER "refunds_rollups_delete" AFTER DELETE ON "refunds" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_rollups_mark_refunds"();
--> statement-breakpoint
INSERT INTO "order_rollup_dirty_days" ("day")
  SELECT DISTINCT ("paid_at" AT TIME ZONE 'UTC')::date FROM "orders" WHERE "paid_at" IS NOT NULL
  ON CONFLICT DO NOTHING;
