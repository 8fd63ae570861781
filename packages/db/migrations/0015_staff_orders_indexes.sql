-- Staff orders (issue 31): indexes for "all orders" on 300,000 orders (newest first, by kind, search by e-mail or
-- ICCID) and for the order page (its eSIMs, and older e-mails to its buyer in the outbox).

CREATE INDEX "esims_order_idx" ON "esims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_kind_idx" ON "orders" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("buyer_email"));--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("to");