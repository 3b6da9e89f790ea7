CREATE TABLE "inventory_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lot_code" text NOT NULL,
	"expiry_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"inventory_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"lot_id" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_stock_inventory_location_lot_unique" UNIQUE NULLS NOT DISTINCT("inventory_id","location_id","lot_id"),
	CONSTRAINT "location_stock_quantity_non_negative" CHECK ("location_stock"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventories" DROP CONSTRAINT "inventories_reserved_within_on_hand";--> statement-breakpoint
ALTER TABLE "inventory_movements" DROP CONSTRAINT "inventory_movements_type_check";--> statement-breakpoint
DROP INDEX "inventory_movements_once_per_reference";--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "quantity_quarantined" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A generated column's expression cannot change in place (before PostgreSQL 17): drop it (its indexes go with it)
-- and add it again, then rebuild the indexes of the low/out-of-stock filters.
ALTER TABLE "inventories" drop column "quantity_available";--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "quantity_available" integer GENERATED ALWAYS AS (quantity_on_hand - quantity_reserved - quantity_quarantined) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "inventories_warehouse_available_idx" ON "inventories" USING btree ("warehouse_id","quantity_available");--> statement-breakpoint
CREATE INDEX "inventories_available_idx" ON "inventories" USING btree ("quantity_available");--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "lot_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "location_delta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "location_part" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_lots" ADD CONSTRAINT "inventory_lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_lots_product_code_unique" ON "inventory_lots" USING btree ("product_id",lower("lot_code"));--> statement-breakpoint
CREATE INDEX "inventory_lots_expiry_idx" ON "inventory_lots" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "location_stock_location_idx" ON "location_stock" USING btree ("location_id","inventory_id");--> statement-breakpoint
CREATE INDEX "inventory_movements_location_idx" ON "inventory_movements" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_movements_once_per_reference" ON "inventory_movements" USING btree ("reference_type","reference_id","inventory_id","type") WHERE "inventory_movements"."type" in ('ship', 'receipt') and "inventory_movements"."location_part" = 1;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_quarantined_non_negative" CHECK ("inventories"."quantity_quarantined" >= 0);--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_reserved_within_on_hand" CHECK ("inventories"."quantity_reserved" + "inventories"."quantity_quarantined" <= "inventories"."quantity_on_hand");--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_type_check" CHECK ("inventory_movements"."type" in ('initial', 'adjustment', 'edit', 'reserve', 'release', 'ship', 'receipt', 'closing', 'move'));--> statement-breakpoint
-- Every warehouse has its UNASSIGNED receiving location (issue 20), and all existing stock starts there: one
-- location_stock row per inventory row with stock, and the ledger's past on-hand changes are attributed to it, so
-- Σ location_delta per location = location stock holds from the start.
INSERT INTO "locations" ("warehouse_id", "code", "sort_key", "zone", "type", "walk_sequence", "notes")
SELECT w."id", 'UNASSIGNED', 'UNASSIGNED', 'RECV', 'receiving', 0, 'Stock received but not yet put away'
FROM "warehouses" w
WHERE NOT EXISTS (SELECT 1 FROM "locations" l WHERE l."warehouse_id" = w."id" AND lower(l."code") = 'unassigned');--> statement-breakpoint
INSERT INTO "location_stock" ("inventory_id", "location_id", "quantity")
SELECT i."id", l."id", i."quantity_on_hand"
FROM "inventories" i JOIN "locations" l ON l."warehouse_id" = i."warehouse_id" AND lower(l."code") = 'unassigned'
WHERE i."quantity_on_hand" > 0;--> statement-breakpoint
UPDATE "inventory_movements" m SET "location_id" = l."id", "location_delta" = m."on_hand_delta"
FROM "locations" l
WHERE l."warehouse_id" = m."warehouse_id" AND lower(l."code") = 'unassigned' AND m."on_hand_delta" <> 0;
