CREATE TABLE "bulk_order_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text,
	"description" text,
	"account_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"user_id" integer,
	"draft_data" jsonb NOT NULL,
	"total_orders" integer DEFAULT 0 NOT NULL,
	"total_products" integer DEFAULT 0 NOT NULL,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"query" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"response" text,
	"warehouse_id" integer NOT NULL,
	"account_id" integer,
	"user_id" integer,
	"assigned_to" integer,
	"assigned_at" timestamp with time zone,
	"subject_type" text,
	"subject_id" integer,
	"subject_name" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_status_check" CHECK ("inquiries"."status" in ('open', 'in_progress', 'resolved', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "merge_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"created_by" integer,
	"pdf_file_id" uuid,
	"pdf_original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"inventory_id" integer,
	"quantity" integer NOT NULL,
	"quantity_reserved" integer DEFAULT 0 NOT NULL,
	"quantity_shipped" integer DEFAULT 0 NOT NULL,
	"verified_quantity" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" integer,
	"tracking_number" text,
	"carrier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_reserved_range" CHECK ("order_items"."quantity_reserved" >= 0 and "order_items"."quantity_reserved" <= "order_items"."quantity"),
	CONSTRAINT "order_items_verified_range" CHECK ("order_items"."verified_quantity" >= 0 and "order_items"."verified_quantity" <= "order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"order_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"shipper_id" integer,
	"user_id" integer,
	"status_id" integer NOT NULL,
	"lifecycle" text DEFAULT 'open' NOT NULL,
	"customer_name" text NOT NULL,
	"ship_date" date,
	"notes" text,
	"merge_item_id" integer,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_lifecycle_check" CHECK ("orders"."lifecycle" in ('open', 'shipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shipment_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"label_name" text NOT NULL,
	"label_type" text DEFAULT 'shipping' NOT NULL,
	"tracking_number" text,
	"carrier" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_labels_type_check" CHECK ("shipment_labels"."label_type" in ('shipping', 'return', 'customs'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"inventory_id" integer,
	"quantity" integer NOT NULL,
	"tracking_number" text,
	"carrier" text,
	"delivery_date" date,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"verification_notes" text,
	"user_id" integer,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_quantity_positive" CHECK ("shipments"."quantity" > 0),
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "status_modules" (
	"status_id" integer NOT NULL,
	"module" text NOT NULL,
	CONSTRAINT "status_modules_status_id_module_pk" PRIMARY KEY("status_id","module")
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"color" text DEFAULT '#3B82F6' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"lifecycle" text DEFAULT 'open' NOT NULL,
	"system_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statuses_audience_check" CHECK ("statuses"."audience" in ('all', 'client', 'manager')),
	CONSTRAINT "statuses_lifecycle_check" CHECK ("statuses"."lifecycle" in ('open', 'shipped', 'cancelled')),
	CONSTRAINT "statuses_sort_order_check" CHECK ("statuses"."sort_order" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" DROP CONSTRAINT "inventory_movements_type_check";--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "kind" text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "warehouse_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "account_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_order_drafts" ADD CONSTRAINT "bulk_order_drafts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_order_drafts" ADD CONSTRAINT "bulk_order_drafts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_order_drafts" ADD CONSTRAINT "bulk_order_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_items" ADD CONSTRAINT "merge_items_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_items" ADD CONSTRAINT "merge_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_items" ADD CONSTRAINT "merge_items_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merge_item_id_merge_items_id_fk" FOREIGN KEY ("merge_item_id") REFERENCES "public"."merge_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_labels" ADD CONSTRAINT "shipment_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_labels" ADD CONSTRAINT "shipment_labels_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_labels" ADD CONSTRAINT "shipment_labels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_modules" ADD CONSTRAINT "status_modules_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_order_drafts_warehouse_idx" ON "bulk_order_drafts" USING btree ("warehouse_id","updated_at");--> statement-breakpoint
CREATE INDEX "bulk_order_drafts_account_idx" ON "bulk_order_drafts" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "inquiries_warehouse_created_idx" ON "inquiries" USING btree ("warehouse_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_account_created_idx" ON "inquiries" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_assignee_status_idx" ON "inquiries" USING btree ("assigned_to","status");--> statement-breakpoint
CREATE INDEX "inquiries_user_idx" ON "inquiries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inquiries_subject_idx" ON "inquiries" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "merge_items_warehouse_idx" ON "merge_items" USING btree ("warehouse_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_items_inventory_idx" ON "order_items" USING btree ("inventory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_unique" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_account_external_id_unique" ON "orders" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_warehouse_created_idx" ON "orders" USING btree ("warehouse_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "orders_lifecycle_shipped_idx" ON "orders" USING btree ("lifecycle","shipped_at");--> statement-breakpoint
CREATE INDEX "orders_merge_item_idx" ON "orders" USING btree ("merge_item_id");--> statement-breakpoint
CREATE INDEX "orders_ship_date_idx" ON "orders" USING btree ("ship_date");--> statement-breakpoint
CREATE INDEX "orders_order_number_trgm_idx" ON "orders" USING gin (lower("order_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_external_id_trgm_idx" ON "orders" USING gin (lower("order_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipment_labels_order_idx" ON "shipment_labels" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shipments_warehouse_created_idx" ON "shipments" USING btree ("warehouse_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_account_created_idx" ON "shipments" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_product_idx" ON "shipments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "shipments_tracking_trgm_idx" ON "shipments" USING gin (lower("tracking_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "status_modules_module_idx" ON "status_modules" USING btree ("module");--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_name_lower_unique" ON "statuses" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_system_key_unique" ON "statuses" USING btree ("system_key");--> statement-breakpoint
CREATE INDEX "statuses_sort_idx" ON "statuses" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "activity_warehouse_ids_idx" ON "activity" USING gin ("warehouse_ids");--> statement-breakpoint
CREATE INDEX "activity_account_ids_idx" ON "activity" USING gin ("account_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_movements_once_per_reference" ON "inventory_movements" USING btree ("reference_type","reference_id","inventory_id","type") WHERE "inventory_movements"."type" in ('ship', 'receipt');--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_type_check" CHECK ("inventory_movements"."type" in ('initial', 'adjustment', 'edit', 'reserve', 'release', 'ship', 'receipt', 'closing'));