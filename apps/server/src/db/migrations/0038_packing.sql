CREATE TABLE "carton_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"carton_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"lot_id" integer,
	"quantity" integer NOT NULL,
	CONSTRAINT "carton_items_carton_item_lot_unique" UNIQUE NULLS NOT DISTINCT("carton_id","order_item_id","lot_id"),
	CONSTRAINT "carton_items_quantity_positive" CHECK ("carton_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "carton_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"tare_weight_g" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carton_types_dimensions" CHECK ("carton_types"."is_custom" or ("carton_types"."length_mm" > 0 and "carton_types"."width_mm" > 0 and "carton_types"."height_mm" > 0)),
	CONSTRAINT "carton_types_tare_non_negative" CHECK ("carton_types"."tare_weight_g" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cartons" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"carton_type_id" integer NOT NULL,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"weight_g" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"sscc" char(18),
	"carrier" text,
	"tracking_number" text,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cartons_status_check" CHECK ("cartons"."status" in ('open', 'closed', 'shipped')),
	CONSTRAINT "cartons_number_positive" CHECK ("cartons"."number" > 0),
	CONSTRAINT "cartons_weight_positive" CHECK ("cartons"."weight_g" is null or "cartons"."weight_g" > 0),
	CONSTRAINT "cartons_dimensions_positive" CHECK (("cartons"."length_mm" is null or "cartons"."length_mm" > 0) and ("cartons"."width_mm" is null or "cartons"."width_mm" > 0) and ("cartons"."height_mm" is null or "cartons"."height_mm" > 0)),
	CONSTRAINT "cartons_closed_has_sscc" CHECK ("cartons"."status" = 'open' or ("cartons"."sscc" is not null and "cartons"."weight_g" is not null))
);
--> statement-breakpoint
CREATE TABLE "order_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"station_id" integer,
	"packer_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "packing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"gs1_company_prefix" text,
	"sscc_extension_digit" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packing_settings_single_row" CHECK ("packing_settings"."id" = 1),
	CONSTRAINT "packing_settings_prefix_digits" CHECK ("packing_settings"."gs1_company_prefix" is null or "packing_settings"."gs1_company_prefix" ~ '^[0-9]{7,10}$'),
	CONSTRAINT "packing_settings_extension_digit" CHECK ("packing_settings"."sscc_extension_digit" between 0 and 9)
);
--> statement-breakpoint
CREATE TABLE "packing_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"name" text NOT NULL,
	"output" text DEFAULT 'browser' NOT NULL,
	"printer_host" text,
	"printer_port" integer DEFAULT 9100 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packing_stations_output_check" CHECK ("packing_stations"."output" in ('browser', 'printer')),
	CONSTRAINT "packing_stations_port_range" CHECK ("packing_stations"."printer_port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "printer_networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"cidr" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printer_networks_warehouse_cidr_unique" UNIQUE("warehouse_id","cidr")
);
--> statement-breakpoint
CREATE TABLE "sscc_counters" (
	"company_prefix" text PRIMARY KEY NOT NULL,
	"next_serial" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wave_orders" DROP CONSTRAINT "wave_orders_state_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "gs1_company_prefix" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "require_label" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "logo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "carton_items" ADD CONSTRAINT "carton_items_carton_id_cartons_id_fk" FOREIGN KEY ("carton_id") REFERENCES "public"."cartons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carton_items" ADD CONSTRAINT "carton_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carton_items" ADD CONSTRAINT "carton_items_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carton_types" ADD CONSTRAINT "carton_types_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartons" ADD CONSTRAINT "cartons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartons" ADD CONSTRAINT "cartons_carton_type_id_carton_types_id_fk" FOREIGN KEY ("carton_type_id") REFERENCES "public"."carton_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartons" ADD CONSTRAINT "cartons_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_packs" ADD CONSTRAINT "order_packs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_packs" ADD CONSTRAINT "order_packs_station_id_packing_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."packing_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_packs" ADD CONSTRAINT "order_packs_packer_id_users_id_fk" FOREIGN KEY ("packer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_stations" ADD CONSTRAINT "packing_stations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_networks" ADD CONSTRAINT "printer_networks_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_networks" ADD CONSTRAINT "printer_networks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carton_items_order_item_idx" ON "carton_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carton_types_warehouse_name_unique" ON "carton_types" USING btree ("warehouse_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "carton_types_one_custom" ON "carton_types" USING btree ("warehouse_id") WHERE "carton_types"."is_custom";--> statement-breakpoint
CREATE UNIQUE INDEX "cartons_order_number_unique" ON "cartons" USING btree ("order_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "cartons_sscc_unique" ON "cartons" USING btree ("sscc");--> statement-breakpoint
CREATE INDEX "order_packs_order_idx" ON "order_packs" USING btree ("order_id","started_at");--> statement-breakpoint
CREATE INDEX "order_packs_packer_idx" ON "order_packs" USING btree ("packer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_stations_warehouse_name_unique" ON "packing_stations" USING btree ("warehouse_id",lower("name"));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_gs1_prefix_digits" CHECK ("accounts"."gs1_company_prefix" is null or "accounts"."gs1_company_prefix" ~ '^[0-9]{7,10}$');--> statement-breakpoint
ALTER TABLE "wave_orders" ADD CONSTRAINT "wave_orders_state_check" CHECK ("wave_orders"."state" in ('in_wave', 'picked', 'shipped', 'removed', 'cancelled'));--> statement-breakpoint
-- Roles are data: existing installations' super-admin, admin and manager roles get the packing permissions (as 0035
-- did for picking). On a new database the roles do not exist yet and the seed grants the defaults.
INSERT INTO "permissions" ("name") VALUES ('pack'), ('manage packing stations') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
WHERE r."name" IN ('super-admin', 'admin', 'manager')
  AND p."name" IN ('pack', 'manage packing stations')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every warehouse has exactly one "Custom" carton type (a carton of it types its own dimensions).
INSERT INTO "carton_types" ("warehouse_id", "name", "is_custom")
SELECT w."id", 'Custom', true FROM "warehouses" w
ON CONFLICT DO NOTHING;
