CREATE TABLE "kit_work_order_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"lot_id" integer,
	"quantity" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "kit_work_order_allocations_quantity_positive" CHECK ("kit_work_order_allocations"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "kit_work_order_lines" (
	"work_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"per_kit" integer NOT NULL,
	CONSTRAINT "kit_work_order_lines_work_order_id_product_id_pk" PRIMARY KEY("work_order_id","product_id"),
	CONSTRAINT "kit_work_order_lines_per_kit_positive" CHECK ("kit_work_order_lines"."per_kit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "kit_work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text DEFAULT 'build' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"kit_product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"target_location_id" integer NOT NULL,
	"kit_lot_id" integer,
	"created_by" integer,
	"completed_by" integer,
	"cancelled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "kit_work_orders_kind_check" CHECK ("kit_work_orders"."kind" in ('build', 'disassemble')),
	CONSTRAINT "kit_work_orders_status_check" CHECK ("kit_work_orders"."status" in ('open', 'completed', 'cancelled')),
	CONSTRAINT "kit_work_orders_quantity_positive" CHECK ("kit_work_orders"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" DROP CONSTRAINT "inventory_movements_type_check";--> statement-breakpoint
ALTER TABLE "kit_work_order_allocations" ADD CONSTRAINT "kit_work_order_allocations_work_order_id_kit_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."kit_work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_order_allocations" ADD CONSTRAINT "kit_work_order_allocations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_order_allocations" ADD CONSTRAINT "kit_work_order_allocations_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_order_allocations" ADD CONSTRAINT "kit_work_order_allocations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_order_allocations" ADD CONSTRAINT "kit_work_order_allocations_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_order_lines" ADD CONSTRAINT "kit_work_order_lines_work_order_id_kit_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."kit_work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_order_lines" ADD CONSTRAINT "kit_work_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_orders" ADD CONSTRAINT "kit_work_orders_kit_product_id_products_id_fk" FOREIGN KEY ("kit_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_orders" ADD CONSTRAINT "kit_work_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_orders" ADD CONSTRAINT "kit_work_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_orders" ADD CONSTRAINT "kit_work_orders_target_location_id_locations_id_fk" FOREIGN KEY ("target_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_orders" ADD CONSTRAINT "kit_work_orders_kit_lot_id_inventory_lots_id_fk" FOREIGN KEY ("kit_lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_orders" ADD CONSTRAINT "kit_work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_orders" ADD CONSTRAINT "kit_work_orders_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_work_orders" ADD CONSTRAINT "kit_work_orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kit_work_order_allocations_order_idx" ON "kit_work_order_allocations" USING btree ("work_order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kit_work_orders_number_unique" ON "kit_work_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "kit_work_orders_status_idx" ON "kit_work_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "kit_work_orders_warehouse_idx" ON "kit_work_orders" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "kit_work_orders_account_idx" ON "kit_work_orders" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "kit_work_orders_kit_idx" ON "kit_work_orders" USING btree ("kit_product_id","id");--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_type_check" CHECK ("inventory_movements"."type" in ('initial', 'adjustment', 'edit', 'reserve', 'release', 'ship', 'receipt', 'closing', 'move', 'count', 'return', 'kit_consume', 'kit_build'));--> statement-breakpoint
-- hand-written: roles are data, so existing installations' roles get `assemble kits` (as 0039 and 0042 did): admin
-- and manager (scope keeps managers to their warehouses); clients never. On a new database the roles do not exist
-- yet and the seed grants the defaults.
INSERT INTO "permissions" ("name") VALUES ('assemble kits') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
WHERE r."name" IN ('super-admin', 'admin', 'manager') AND p."name" = 'assemble kits'
ON CONFLICT DO NOTHING;
