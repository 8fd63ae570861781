-- The payment reconciliation sweep (jobs/fulfilment.ts) looks for pending card pages not asked about for a while.

CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" = 'pending';