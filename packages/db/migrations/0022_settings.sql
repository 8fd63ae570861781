-- Settings (issue 32, ADR 0063): every version of the general options and of the privacy policy and terms per
-- locale, with who made it and what it restored. eSIMs to be freed and freed ones (ADR 0064), one row per eSIM.
CREATE TABLE "esim_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"esim_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"unused_days" integer NOT NULL,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"freed_at" timestamp with time zone,
	"reason" text,
	"freed_by" uuid,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "setting_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"locale" text DEFAULT '' NOT NULL,
	"version" integer NOT NULL,
	"value" jsonb NOT NULL,
	"staff_user_id" uuid,
	"restored_from_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "esim_releases" ADD CONSTRAINT "esim_releases_esim_id_esims_id_fk" FOREIGN KEY ("esim_id") REFERENCES "public"."esims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_releases" ADD CONSTRAINT "esim_releases_freed_by_users_id_fk" FOREIGN KEY ("freed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_versions" ADD CONSTRAINT "setting_versions_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "esim_releases_esim_unique" ON "esim_releases" USING btree ("esim_id");--> statement-breakpoint
CREATE INDEX "esim_releases_status_idx" ON "esim_releases" USING btree ("status","listed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "setting_versions_unique" ON "setting_versions" USING btree ("subject","locale","version");