-- Portal money (issue 11, ADR 0019): the shop credit ledger, subscribers, reseller prices, shop orders for
-- subscribers (idempotency key per shop), the quoted bonus of a credit top-up, a low-balance threshold, and
-- checks that keep both shop balances at or above zero.

CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bucket" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" uuid,
	"idempotency_key" text NOT NULL,
	"credit_after_cents" integer NOT NULL,
	"bonus_after_cents" integer NOT NULL,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "credit_ledger_after_not_negative" CHECK ("credit_ledger"."credit_after_cents" >= 0 and "credit_ledger"."bonus_after_cents" >= 0),
	CONSTRAINT "credit_ledger_amount_not_zero" CHECK ("credit_ledger"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "reseller_price_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscriber_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_cents" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "low_balance_threshold_cents" integer;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_idempotency_unique" ON "credit_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_ledger_shop_idx" ON "credit_ledger" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_shop_seq_idx" ON "credit_ledger" USING btree ("shop_id","seq");--> statement-breakpoint
CREATE INDEX "credit_ledger_order_idx" ON "credit_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "subscribers_shop_idx" ON "subscribers" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("shop_id","email");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esims_subscriber_idx" ON "esims" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_shop_idempotency_unique" ON "orders" USING btree ("shop_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_credit_not_negative" CHECK ("shops"."credit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_bonus_not_negative" CHECK ("shops"."bonus_cents" >= 0);