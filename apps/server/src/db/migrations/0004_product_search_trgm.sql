DROP INDEX "products_sku_lower_pattern_idx";--> statement-breakpoint
DROP INDEX "products_name_lower_pattern_idx";--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin (lower("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);