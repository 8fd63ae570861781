-- Gift card ledger with refunds (issue 31, ADR 0080): a card's history also records each staff refund given
-- back onto it (kind `refund`, one per refund), so balance = amount - held and captured + refunded; existing
-- rows are redemptions, and the succeeded refunds already put back on a card get their `refund` line. Refunds
-- gain `error_code` (ADR 0081), the provider's refusal in our codes beside its raw text; failed ones are mapped.
DROP INDEX "gift_card_redemptions_card_order_unique";--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "kind" text DEFAULT 'redemption' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_redemptions_refund_unique" ON "gift_card_redemptions" USING btree ("refund_id") WHERE "gift_card_redemptions"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_card_idx" ON "gift_card_redemptions" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_redemptions_card_order_unique" ON "gift_card_redemptions" USING btree ("gift_card_id","order_id") WHERE "gift_card_redemptions"."kind" = 'redemption';--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_kind_check" CHECK (("gift_card_redemptions"."kind" = 'refund') = ("gift_card_redemptions"."refund_id" is not null and "gift_card_redemptions"."status" = 'refunded'));--> statement-breakpoint
INSERT INTO "gift_card_redemptions" ("gift_card_id", "order_id", "amount_cents", "status", "kind", "refund_id", "created_at", "updated_at")
SELECT r."gift_card_id", f."order_id", f."amount_cents", 'refunded', 'refund', f."id", f."created_at", f."updated_at"
FROM "refunds" f
JOIN "orders" o ON o."id" = f."order_id" AND o."payment_method" <> 'credits'
JOIN "gift_card_redemptions" r ON r."order_id" = f."order_id" AND r."kind" = 'redemption' AND r."status" = 'captured'
WHERE f."payment_id" IS NULL AND f."staff_user_id" IS NOT NULL AND f."status" = 'succeeded';--> statement-breakpoint
UPDATE "refunds" SET "error_code" = CASE
  WHEN "error" IN ('charge_for_pending_refund_disputed', 'charge_disputed') THEN 'charge_disputed'
  WHEN "error" IN ('declined', 'expired_or_canceled_card', 'insufficient_funds', 'lost_or_stolen_card', 'merchant_request') THEN "error"
  WHEN "error" = 'canceled' THEN 'merchant_request'
  WHEN "error" LIKE 'sandbox: refunds are switched to fail%' THEN 'provider_unavailable'
  ELSE 'unknown' END
WHERE "status" = 'failed';
