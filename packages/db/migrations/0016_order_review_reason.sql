-- Orders in review (issue 31, ADR 0034): why the system put an order in review.

ALTER TABLE "orders" ADD COLUMN "review_reason" text;
