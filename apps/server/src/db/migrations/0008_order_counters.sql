CREATE TABLE "order_daily_counts" (
	"day" date NOT NULL,
	"warehouse_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_counts_day_warehouse_id_account_id_pk" PRIMARY KEY("day","warehouse_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "order_status_counts" (
	"warehouse_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"lifecycle" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_warehouse_id_account_id_status_id_lifecycle_pk" PRIMARY KEY("warehouse_id","account_id","status_id","lifecycle")
);
--> statement-breakpoint
CREATE TABLE "product_daily_shipments" (
	"day" date NOT NULL,
	"warehouse_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_daily_shipments_day_warehouse_id_account_id_product_id_pk" PRIMARY KEY("day","warehouse_id","account_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "order_daily_counts_account_idx" ON "order_daily_counts" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "product_daily_shipments_account_idx" ON "product_daily_shipments" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "orders_open_ship_date_idx" ON "orders" USING btree ("ship_date","warehouse_id","account_id") WHERE "orders"."lifecycle" = 'open';