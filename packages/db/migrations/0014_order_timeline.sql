-- Order timeline (issue 31, ADR 0031): one row per thing that happened to an order (state change, payment
-- attempt, webhook, eSIM provider call, message, refund, staff action), written in the transaction of the change.
-- `dedupe_key` stores an event that may be recorded twice (a webhook replay) once per order.

CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"staff_user_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_dedupe_unique" ON "order_events" USING btree ("order_id","dedupe_key") WHERE "order_events"."dedupe_key" is not null;