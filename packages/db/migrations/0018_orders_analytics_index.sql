-- Orders analytics (issue 31, ADR 0049): paid orders by date with the columns every figure reads, for index-only
-- scans of a range.

CREATE INDEX "orders_analytics_idx" ON "orders" USING btree ("paid_at","kind","status","payment_method","country","package_id","total_cents","id");