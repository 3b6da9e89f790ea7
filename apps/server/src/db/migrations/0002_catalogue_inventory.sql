CREATE TABLE "inventories" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"quantity_on_hand" integer DEFAULT 0 NOT NULL,
	"quantity_reserved" integer DEFAULT 0 NOT NULL,
	"quantity_available" integer GENERATED ALWAYS AS (quantity_on_hand - quantity_reserved) STORED NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventories_on_hand_non_negative" CHECK ("inventories"."quantity_on_hand" >= 0),
	CONSTRAINT "inventories_reserved_non_negative" CHECK ("inventories"."quantity_reserved" >= 0),
	CONSTRAINT "inventories_reserved_within_on_hand" CHECK ("inventories"."quantity_reserved" <= "inventories"."quantity_on_hand")
);
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inventory_id" integer,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"on_hand_delta" integer NOT NULL,
	"reserved_delta" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"reason" text,
	"reference_type" text,
	"reference_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_movements_type_check" CHECK ("inventory_movements"."type" in ('initial', 'adjustment', 'edit', 'reservation', 'release', 'shipment', 'receipt', 'closing'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"photo_url" text,
	"link" text,
	"dimension" text,
	"weight_lb" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_product_warehouse_account_unique" ON "inventories" USING btree ("product_id","warehouse_id","account_id");--> statement-breakpoint
CREATE INDEX "inventories_warehouse_id_idx" ON "inventories" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "inventories_warehouse_account_idx" ON "inventories" USING btree ("warehouse_id","account_id","id");--> statement-breakpoint
CREATE INDEX "inventories_account_idx" ON "inventories" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "inventories_warehouse_available_idx" ON "inventories" USING btree ("warehouse_id","quantity_available");--> statement-breakpoint
CREATE INDEX "inventories_available_idx" ON "inventories" USING btree ("quantity_available");--> statement-breakpoint
CREATE INDEX "inventory_movements_inventory_idx" ON "inventory_movements" USING btree ("inventory_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_movements_reference_idx" ON "inventory_movements" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_sku_lower_unique" ON "products" USING btree ("account_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "products_account_id_idx" ON "products" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "products_sku_lower_pattern_idx" ON "products" USING btree (lower("sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_lower_pattern_idx" ON "products" USING btree (lower("name") text_pattern_ops);