CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"reason_text" text,
	"received_at" timestamp with time zone,
	"received_by" integer,
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_reason_check" CHECK ("return_lines"."reason" in ('damaged', 'wrong_item', 'not_wanted', 'defective', 'other'))
);
--> statement-breakpoint
CREATE TABLE "return_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_line_id" integer NOT NULL,
	"disposition" text NOT NULL,
	"quantity" integer NOT NULL,
	"location_id" integer,
	"lot_id" integer,
	"note" text,
	"quarantined" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_receipts_disposition_check" CHECK ("return_receipts"."disposition" in ('restocked', 'processing_required', 'not_restocked', 'missing')),
	CONSTRAINT "return_receipts_quantity_positive" CHECK ("return_receipts"."quantity" > 0),
	CONSTRAINT "return_receipts_quarantined_range" CHECK ("return_receipts"."quarantined" >= 0 and "return_receipts"."quarantined" <= "return_receipts"."quantity")
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"rma_number" text NOT NULL,
	"order_id" integer,
	"account_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"status" text DEFAULT 'announced' NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('announced', 'in_transit', 'received', 'closed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" DROP CONSTRAINT "inventory_movements_type_check";--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_receipts" ADD CONSTRAINT "return_receipts_return_line_id_return_lines_id_fk" FOREIGN KEY ("return_line_id") REFERENCES "public"."return_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_receipts" ADD CONSTRAINT "return_receipts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_receipts" ADD CONSTRAINT "return_receipts_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id","id");--> statement-breakpoint
CREATE INDEX "return_lines_order_item_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_receipts_line_idx" ON "return_receipts" USING btree ("return_line_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_rma_number_unique" ON "returns" USING btree ("rma_number");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "returns_account_idx" ON "returns" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "returns_warehouse_idx" ON "returns" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_tracking_idx" ON "returns" USING btree (lower("tracking_number"));--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_type_check" CHECK ("inventory_movements"."type" in ('initial', 'adjustment', 'edit', 'reserve', 'release', 'ship', 'receipt', 'closing', 'move', 'count', 'return'));--> statement-breakpoint

-- hand-written: roles are data, so existing installations' roles get the return permissions (as 0035 and 0039 did):
-- staff all three, clients view and create (scope keeps them to their accounts). On a new database the roles do not
-- exist yet and the seed grants the defaults.
INSERT INTO "permissions" ("name") VALUES ('view returns'), ('create returns'), ('receive returns') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
WHERE (r."name" IN ('super-admin', 'admin', 'manager') AND p."name" IN ('view returns', 'create returns', 'receive returns'))
   OR (r."name" = 'client' AND p."name" IN ('view returns', 'create returns'))
ON CONFLICT DO NOTHING;
