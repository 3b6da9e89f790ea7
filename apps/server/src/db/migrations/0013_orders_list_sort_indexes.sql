CREATE INDEX "orders_warehouse_ship_date_idx" ON "orders" USING btree ("warehouse_id","ship_date","id");--> statement-breakpoint
CREATE INDEX "orders_account_ship_date_idx" ON "orders" USING btree ("account_id","ship_date","id");--> statement-breakpoint
CREATE INDEX "orders_warehouse_customer_idx" ON "orders" USING btree ("warehouse_id",lower("customer_name"),"id");--> statement-breakpoint
CREATE INDEX "orders_account_customer_idx" ON "orders" USING btree ("account_id",lower("customer_name"),"id");