-- Admin orders (issue 31, ADR 0043): who on staff created an order, for what purpose and why; the form's
-- idempotency key per staff member. Gift eSIMs (ADR 0044): the recipient of a gift eSIM order, its hashed
-- claim token and who claimed it.

CREATE TABLE "admin_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_esims" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_name" text NOT NULL,
	"message" text,
	"recipient_locale" text NOT NULL,
	"claim_token_hash" text,
	"send_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"claimed_by_user_id" uuid,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_orders" ADD CONSTRAINT "admin_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_orders" ADD CONSTRAINT "admin_orders_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_esims" ADD CONSTRAINT "gift_esims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_esims" ADD CONSTRAINT "gift_esims_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_orders_staff_key_unique" ON "admin_orders" USING btree ("staff_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "admin_orders_created_idx" ON "admin_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_esims_claim_token_unique" ON "gift_esims" USING btree ("claim_token_hash") WHERE "gift_esims"."claim_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "gift_esims_created_idx" ON "gift_esims" USING btree ("created_at");