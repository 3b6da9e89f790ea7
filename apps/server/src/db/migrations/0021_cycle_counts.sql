CREATE TABLE "cycle_count_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cycle_count_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"inventory_id" integer,
	"lot_id" integer,
	"expected_quantity" integer DEFAULT 0 NOT NULL,
	"counted_quantity" integer,
	"recount" boolean DEFAULT false NOT NULL,
	"added" boolean DEFAULT false NOT NULL,
	"counted_by" integer,
	"counted_at" timestamp with time zone,
	CONSTRAINT "cycle_count_lines_place_unique" UNIQUE NULLS NOT DISTINCT("cycle_count_id","location_id","product_id","account_id","lot_id"),
	CONSTRAINT "cycle_count_lines_expected_non_negative" CHECK ("cycle_count_lines"."expected_quantity" >= 0),
	CONSTRAINT "cycle_count_lines_counted_non_negative" CHECK ("cycle_count_lines"."counted_quantity" is null or "cycle_count_lines"."counted_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cycle_count_locations" (
	"cycle_count_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "cycle_count_locations_cycle_count_id_location_id_pk" PRIMARY KEY("cycle_count_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "cycle_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"scope" text NOT NULL,
	"criteria" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scope_label" text NOT NULL,
	"notes" text,
	"created_by" integer,
	"approved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "cycle_counts_state_check" CHECK ("cycle_counts"."state" in ('open', 'counting', 'review', 'approved', 'cancelled')),
	CONSTRAINT "cycle_counts_scope_check" CHECK ("cycle_counts"."scope" in ('zone', 'range', 'product', 'account', 'not_counted'))
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" DROP CONSTRAINT "inventory_movements_type_check";--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_cycle_count_id_cycle_counts_id_fk" FOREIGN KEY ("cycle_count_id") REFERENCES "public"."cycle_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_locations" ADD CONSTRAINT "cycle_count_locations_cycle_count_id_cycle_counts_id_fk" FOREIGN KEY ("cycle_count_id") REFERENCES "public"."cycle_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_count_locations" ADD CONSTRAINT "cycle_count_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_counts" ADD CONSTRAINT "cycle_counts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_counts" ADD CONSTRAINT "cycle_counts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_counts" ADD CONSTRAINT "cycle_counts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cycle_count_lines_location_idx" ON "cycle_count_lines" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "cycle_count_locations_location_idx" ON "cycle_count_locations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "cycle_counts_warehouse_idx" ON "cycle_counts" USING btree ("warehouse_id","created_at");--> statement-breakpoint
CREATE INDEX "cycle_counts_state_idx" ON "cycle_counts" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "cycle_counts_approved_idx" ON "cycle_counts" USING btree ("approved_at");--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_type_check" CHECK ("inventory_movements"."type" in ('initial', 'adjustment', 'edit', 'reserve', 'release', 'ship', 'receipt', 'closing', 'move', 'count'));--> statement-breakpoint
-- Roles are data: existing installations' super-admin, admin and manager roles get the cycle count permissions (as
-- 0014 did for locations). On a new database the roles do not exist yet and the seed grants the defaults.
INSERT INTO "permissions" ("name") VALUES ('view cycle counts'), ('create cycle counts'), ('approve cycle counts') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
WHERE r."name" IN ('super-admin', 'admin', 'manager')
  AND p."name" IN ('view cycle counts', 'create cycle counts', 'approve cycle counts')
ON CONFLICT DO NOTHING;
