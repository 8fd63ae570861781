-- Staff refunds (issue 31): partial refunds by staff (the one-refund-per-charge rule kept for automatic
-- refunds only), the refund's reason, policy override and economics, and the sandbox provider's refunds by key.

CREATE TABLE "sandbox_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"payment_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "refunds_payment_unique";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "policy_override_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_cost_recovered_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_kind_idx" ON "refunds" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_unique" ON "refunds" USING btree ("payment_id") WHERE "refunds"."kind" in ('order', 'duplicate_payment') and "refunds"."staff_user_id" is null;