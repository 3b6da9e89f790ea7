CREATE TABLE "shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_received" integer,
	"discrepancy_reason" text,
	"inventory_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0),
	CONSTRAINT "shipment_lines_received_non_negative" CHECK ("shipment_lines"."quantity_received" is null or "shipment_lines"."quantity_received" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "track_lots" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "track_expiry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_lines_shipment_product_unique" ON "shipment_lines" USING btree ("shipment_id","product_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_product_idx" ON "shipment_lines" USING btree ("product_id");--> statement-breakpoint
-- Data move: every existing shipment becomes one line (its product and quantity; a verified one received in full
-- into the inventory row it names, as verification did until now).
INSERT INTO "shipment_lines" ("shipment_id", "product_id", "quantity", "quantity_received", "inventory_id", "created_at")
SELECT "id", "product_id", "quantity", CASE WHEN "status" = 'verified' THEN "quantity" END, "inventory_id", "created_at"
FROM "shipments";
