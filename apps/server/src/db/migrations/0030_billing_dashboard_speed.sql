DROP INDEX "inventory_movements_created_idx";--> statement-breakpoint
CREATE INDEX "shipment_labels_created_idx" ON "shipment_labels" USING btree ("created_at","order_id");--> statement-breakpoint
CREATE INDEX "shipments_verified_idx" ON "shipments" USING btree ("verified_at","account_id","warehouse_id") WHERE "shipments"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "inventory_movements_created_idx" ON "inventory_movements" USING btree ("created_at","account_id","warehouse_id","location_id","on_hand_delta","location_delta");