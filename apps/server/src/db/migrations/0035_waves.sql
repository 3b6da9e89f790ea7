CREATE SEQUENCE "public"."wave_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "pick_task_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_picked" integer DEFAULT 0 NOT NULL,
	"tote" text,
	CONSTRAINT "pick_task_orders_quantity_positive" CHECK ("pick_task_orders"."quantity" > 0),
	CONSTRAINT "pick_task_orders_picked_range" CHECK ("pick_task_orders"."quantity_picked" >= 0 and "pick_task_orders"."quantity_picked" <= "pick_task_orders"."quantity")
);
--> statement-breakpoint
CREATE TABLE "pick_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"wave_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"kind" text DEFAULT 'pick' NOT NULL,
	"location_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"lot_id" integer,
	"quantity" integer NOT NULL,
	"quantity_picked" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sequence" integer NOT NULL,
	"allocation_rule" text NOT NULL,
	"lot_rule" text,
	"reason" text DEFAULT '' NOT NULL,
	"assignee_id" integer,
	"picked_by" integer,
	"picked_at" timestamp with time zone,
	"short_reason" text,
	"replaces_task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pick_tasks_kind_check" CHECK ("pick_tasks"."kind" in ('pick', 'put_back')),
	CONSTRAINT "pick_tasks_status_check" CHECK ("pick_tasks"."status" in ('open', 'picked', 'short', 'skipped', 'cancelled')),
	CONSTRAINT "pick_tasks_quantity_positive" CHECK ("pick_tasks"."quantity" > 0),
	CONSTRAINT "pick_tasks_picked_range" CHECK ("pick_tasks"."quantity_picked" >= 0 and "pick_tasks"."quantity_picked" <= "pick_tasks"."quantity"),
	CONSTRAINT "pick_tasks_rule_check" CHECK ("pick_tasks"."allocation_rule" in ('pick_face', 'storage', 'receiving', 'put_back')),
	CONSTRAINT "pick_tasks_lot_rule_check" CHECK ("pick_tasks"."lot_rule" is null or "pick_tasks"."lot_rule" in ('fefo', 'fifo'))
);
--> statement-breakpoint
CREATE TABLE "shipper_warehouse_cutoffs" (
	"shipper_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"cutoff_time" time NOT NULL,
	CONSTRAINT "shipper_warehouse_cutoffs_shipper_id_warehouse_id_pk" PRIMARY KEY("shipper_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "wave_orders" (
	"wave_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"state" text DEFAULT 'in_wave' NOT NULL,
	"tote" text,
	"position" integer DEFAULT 0 NOT NULL,
	"picked_at" timestamp with time zone,
	CONSTRAINT "wave_orders_wave_id_order_id_pk" PRIMARY KEY("wave_id","order_id"),
	CONSTRAINT "wave_orders_state_check" CHECK ("wave_orders"."state" in ('in_wave', 'picked', 'removed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "waves" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text DEFAULT ('WAVE-' || lpad(nextval('wave_number_seq')::text, 6, '0')) NOT NULL,
	"warehouse_id" integer NOT NULL,
	"mode" text DEFAULT 'discrete' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"assignee_id" integer,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"unit_count" integer DEFAULT 0 NOT NULL,
	"location_count" integer DEFAULT 0 NOT NULL,
	"estimated_distance_m" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"picked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	CONSTRAINT "waves_mode_check" CHECK ("waves"."mode" in ('discrete', 'batch', 'cluster')),
	CONSTRAINT "waves_status_check" CHECK ("waves"."status" in ('open', 'picking', 'picked', 'cancelled')),
	CONSTRAINT "waves_priority_check" CHECK ("waves"."priority" in ('normal', 'urgent')),
	CONSTRAINT "waves_distance_non_negative" CHECK ("waves"."estimated_distance_m" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "min_remaining_shelf_life_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "allow_partial_shipment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "allow_lot_substitution" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "location_stock" ADD COLUMN "quantity_allocated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "hospital_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "hospital_reason" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "hospital_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "statuses" ADD COLUMN "holds_release" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "aisle_spacing_cm" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "rack_spacing_cm" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "pick_task_orders" ADD CONSTRAINT "pick_task_orders_task_id_pick_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."pick_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_task_orders" ADD CONSTRAINT "pick_task_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_task_orders" ADD CONSTRAINT "pick_task_orders_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_tasks" ADD CONSTRAINT "pick_tasks_wave_id_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."waves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_tasks" ADD CONSTRAINT "pick_tasks_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_tasks" ADD CONSTRAINT "pick_tasks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_tasks" ADD CONSTRAINT "pick_tasks_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_tasks" ADD CONSTRAINT "pick_tasks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_tasks" ADD CONSTRAINT "pick_tasks_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_tasks" ADD CONSTRAINT "pick_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_tasks" ADD CONSTRAINT "pick_tasks_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipper_warehouse_cutoffs" ADD CONSTRAINT "shipper_warehouse_cutoffs_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipper_warehouse_cutoffs" ADD CONSTRAINT "shipper_warehouse_cutoffs_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_orders" ADD CONSTRAINT "wave_orders_wave_id_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."waves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_orders" ADD CONSTRAINT "wave_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pick_task_orders_task_idx" ON "pick_task_orders" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "pick_task_orders_order_idx" ON "pick_task_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pick_task_orders_item_idx" ON "pick_task_orders" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "pick_tasks_wave_idx" ON "pick_tasks" USING btree ("wave_id","sequence","id");--> statement-breakpoint
CREATE INDEX "pick_tasks_location_idx" ON "pick_tasks" USING btree ("location_id","status");--> statement-breakpoint
CREATE INDEX "pick_tasks_open_idx" ON "pick_tasks" USING btree ("inventory_id","location_id","lot_id") WHERE "pick_tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "shipper_warehouse_cutoffs_warehouse_idx" ON "shipper_warehouse_cutoffs" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wave_orders_one_live_wave" ON "wave_orders" USING btree ("order_id") WHERE "wave_orders"."state" in ('in_wave', 'picked');--> statement-breakpoint
CREATE UNIQUE INDEX "wave_orders_tote_unique" ON "wave_orders" USING btree ("wave_id",lower("tote")) WHERE "wave_orders"."tote" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waves_number_unique" ON "waves" USING btree ("number");--> statement-breakpoint
CREATE INDEX "waves_warehouse_status_idx" ON "waves" USING btree ("warehouse_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "waves_created_idx" ON "waves" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "waves_assignee_idx" ON "waves" USING btree ("assignee_id","status");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_hospital_by_users_id_fk" FOREIGN KEY ("hospital_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_hospital_idx" ON "locations" USING btree ("warehouse_id","hospital_since") WHERE "locations"."hospital_since" is not null;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_min_shelf_life_check" CHECK ("accounts"."min_remaining_shelf_life_days" between 0 and 3650);--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_allocated_range" CHECK ("location_stock"."quantity_allocated" >= 0 and "location_stock"."quantity_allocated" <= "location_stock"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_priority_check" CHECK ("orders"."priority" in ('normal', 'urgent'));--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_aisle_spacing_positive" CHECK ("warehouses"."aisle_spacing_cm" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_rack_spacing_positive" CHECK ("warehouses"."rack_spacing_cm" between 1 and 100000);--> statement-breakpoint
-- Roles are data: existing installations' super-admin, admin and manager roles get the picking permissions (as 0021
-- did for cycle counts). On a new database the roles do not exist yet and the seed grants the defaults.
INSERT INTO "permissions" ("name") VALUES ('view picking'), ('release waves'), ('pick') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
WHERE r."name" IN ('super-admin', 'admin', 'manager')
  AND p."name" IN ('view picking', 'release waves', 'pick')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every warehouse has its CARTS staging location: picked units lie there (on carts and in totes) until shipped.
INSERT INTO "locations" ("warehouse_id", "code", "sort_key", "zone", "type", "notes")
SELECT w."id", 'CARTS', 'CARTS', 'STAGE', 'staging', 'Picked units on carts and in totes, until packed and shipped'
FROM "warehouses" w
ON CONFLICT DO NOTHING;
