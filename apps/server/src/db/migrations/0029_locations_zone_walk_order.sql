DROP INDEX "locations_zone_idx";--> statement-breakpoint
CREATE INDEX "locations_zone_idx" ON "locations" USING btree ("warehouse_id","zone","walk_sequence","sort_key","id");