-- Portal subscribers (issue 11, ADR 0021): every delivery of an eSIM's install details to a shop's subscriber
-- (e-mail, SMS or printout), when and by which shop user, shown on the subscriber's page.

CREATE TABLE "subscriber_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"esim_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"recipient" text,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriber_deliveries" ADD CONSTRAINT "subscriber_deliveries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_deliveries" ADD CONSTRAINT "subscriber_deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_deliveries" ADD CONSTRAINT "subscriber_deliveries_esim_id_esims_id_fk" FOREIGN KEY ("esim_id") REFERENCES "public"."esims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_deliveries" ADD CONSTRAINT "subscriber_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriber_deliveries_subscriber_idx" ON "subscriber_deliveries" USING btree ("shop_id","subscriber_id","created_at");