-- eSIM lifecycles (ADR 0091): an eSIM records when it stopped working (`ended_at`), and an eSIM whose profile a
-- staff refund cancelled at the provider is `cancelled` (status is a text column: the new value needs no DDL).
-- The backfill below is hand-written and must survive a renumbering of this file.
ALTER TABLE "esims" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
-- Replaced eSIMs ended when the eSIM that replaced them was stored.
UPDATE "esims" AS e SET "ended_at" = n."created_at"
  FROM "esims" AS n
  WHERE e."status" = 'disabled' AND n."id" = e."replaced_by_id" AND e."ended_at" IS NULL;--> statement-breakpoint
-- Freed eSIMs ended when staff or the job freed them.
UPDATE "esims" AS e SET "ended_at" = r."freed_at"
  FROM "esim_releases" AS r
  WHERE e."status" = 'freed' AND r."esim_id" = e."id" AND e."ended_at" IS NULL;--> statement-breakpoint
-- Before ADR 0091 a package-cancelling staff refund cancelled the profile at the provider but left the eSIM
-- `ready` (its own order's package `deleted`): those profiles are dead, so they become `cancelled`, ended at
-- their first such refund (the cancel is made in that refund's transaction, before its row).
UPDATE "esims" AS e SET "status" = 'cancelled', "ended_at" = r."first_at"
  FROM (
    SELECT "order_id", min("created_at") AS "first_at" FROM "refunds"
    WHERE "kind" IN ('deleted_package', 'all_packages_deleted') GROUP BY "order_id"
  ) AS r
  WHERE r."order_id" = e."order_id" AND e."status" IN ('ready', 'installed')
    AND EXISTS (
      SELECT 1 FROM "esim_packages" AS p
      WHERE p."esim_id" = e."id" AND p."order_id" = e."order_id" AND p."status" = 'deleted'
    );
