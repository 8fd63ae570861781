-- Customers choose how they get the 60 % data notice (issue 5): e-mail by default, or SMS.

ALTER TABLE "users" ADD COLUMN "alert_channel" text DEFAULT 'email' NOT NULL;