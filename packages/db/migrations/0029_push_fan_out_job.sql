-- Staff push messages fan out in a job (ADR 0084): the last device given the message, so the next batch (or a
-- second run of the job) starts after it; and a message reaches a device once, whatever runs twice.
ALTER TABLE "push_notifications" ADD COLUMN "fan_out_cursor" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_notification_device_unique" ON "push_deliveries" USING btree ("notification_id","device_id");