-- Refunds drive an order's shown status (issue 39, ADR 0090). `fulfilment_status` keeps the lifecycle alone (was
-- it, is it being, will it not be carried out) and `refunded_cents` the sum of the order's succeeded refunds
-- (second charges apart); `status` becomes a column the database derives from both, so a pending or failed
-- refund never reads "refunded", a partial refund never stops fulfilment, and no code can write a status that
-- disagrees with the refunds. Existing orders: the lifecycle of a refunded one is read from its timestamps; orders
-- left "refunded" by a refund that failed get their lifecycle back. The indexes over `status` are made again as
-- they were. Gift cards gain `cancelled`, and their history a `revocation` line (a refund of the card's own
-- purchase taking the amount off the card), so the refund lines' check and unique index cover both kinds. A
-- refund keeps the version of the key it is sent under, so a retry after the provider refused sends a new key.
ALTER TABLE "gift_card_redemptions" DROP CONSTRAINT "gift_card_redemptions_kind_check";--> statement-breakpoint
DROP INDEX "gift_card_redemptions_refund_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "key_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "refunded_cents" = r."cents"
FROM (
  SELECT "order_id", sum("amount_cents")::int AS "cents" FROM "refunds"
  WHERE "status" = 'succeeded' AND "kind" <> 'duplicate_payment' GROUP BY "order_id"
) r
WHERE r."order_id" = o."id";--> statement-breakpoint
UPDATE "orders" SET "fulfilment_status" = CASE
  WHEN "status" NOT IN ('refunded', 'partially_refunded') THEN "status"
  WHEN "completed_at" IS NOT NULL THEN 'completed'
  WHEN "failed_at" IS NOT NULL THEN 'failed'
  WHEN "paid_at" IS NULL THEN 'cancelled'
  WHEN "review_reason" IS NOT NULL THEN 'for_review'
  ELSE 'cancelled' END
WHERE "status" <> 'pending';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text GENERATED ALWAYS AS (case when "orders"."refunded_cents" > 0 and "orders"."refunded_cents" >= "orders"."total_cents" then 'refunded' when "orders"."refunded_cents" > 0 then 'partially_refunded' else "orders"."fulfilment_status" end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_analytics_idx" ON "orders" USING btree ("paid_at","kind","status","payment_method","country","package_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "orders_package_paid_idx" ON "orders" USING btree ("package_id","paid_at","kind","status","payment_method","user_id","buyer_email","total_cents") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_in_flight_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."fulfilment_status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_redemptions_refund_unique" ON "gift_card_redemptions" USING btree ("refund_id") WHERE "gift_card_redemptions"."refund_id" is not null;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_kind_check" CHECK (("gift_card_redemptions"."kind" = 'redemption') = ("gift_card_redemptions"."refund_id" is null) and ("gift_card_redemptions"."kind" = 'refund') = ("gift_card_redemptions"."status" = 'refunded'));
