-- Catalogue: countries, regions and their members, packages with per-country operator coverage; editable
-- content pages (terms, privacy); partner applications (businesses) and contact messages.
-- Outbox: next_attempt_at leases a message to one deliverer and spaces out retries.

CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"continent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_countries" (
	"package_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"operators" jsonb NOT NULL,
	CONSTRAINT "package_countries_package_id_country_code_pk" PRIMARY KEY("package_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"country_code" text,
	"region_code" text,
	"data_mb" integer,
	"validity_days" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"offer_price_cents" integer,
	"wholesale_cents" integer NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"top_up_allowed" boolean DEFAULT true NOT NULL,
	"activation" text DEFAULT 'on_first_use' NOT NULL,
	"provider" text NOT NULL,
	"provider_package_code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "region_countries" (
	"region_code" text NOT NULL,
	"country_code" text NOT NULL,
	CONSTRAINT "region_countries_region_code_country_code_pk" PRIMARY KEY("region_code","country_code")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"company_name" text,
	"country" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"business_type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_key_locale_pk" PRIMARY KEY("key","locale")
);
--> statement-breakpoint
DROP INDEX "outbox_status_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "package_countries" ADD CONSTRAINT "package_countries_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_countries" ADD CONSTRAINT "package_countries_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_countries" ADD CONSTRAINT "region_countries_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_countries" ADD CONSTRAINT "region_countries_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_countries_country_idx" ON "package_countries" USING btree ("country_code");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_slug_unique" ON "packages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_provider_code_unique" ON "packages" USING btree ("provider","provider_package_code");--> statement-breakpoint
CREATE INDEX "packages_type_idx" ON "packages" USING btree ("type") WHERE "packages"."active" and "packages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "packages_country_idx" ON "packages" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "packages_region_idx" ON "packages" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "region_countries_country_idx" ON "region_countries" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "businesses_status_idx" ON "businesses" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");