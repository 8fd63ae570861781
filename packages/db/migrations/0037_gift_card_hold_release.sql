-- A blocked buyer's undelivered gift cards are held (ADR 0092); staff can let one go anyway: when they did.
-- Nothing to backfill: no card was released before.
ALTER TABLE "gift_cards" ADD COLUMN "hold_released_at" timestamp with time zone;
