-- The clients list filtered by country (ADR 0089): a bench filter (country DE + active eSIM) read all 100,000
-- customers to find the country's 10,000; newest first, as the list sorts by default.
CREATE INDEX "users_customers_country_idx" ON "users" USING btree ("country","created_at") WHERE "users"."kind" = 'customer' and "users"."deleted_at" is null;