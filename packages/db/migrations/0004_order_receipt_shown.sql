-- The payment success page shows an order's QR code once; later visits say "completed earlier" (SPEC section 4).

ALTER TABLE "orders" ADD COLUMN "receipt_shown_at" timestamp with time zone;