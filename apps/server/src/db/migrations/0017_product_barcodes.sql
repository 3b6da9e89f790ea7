ALTER TABLE "products" ADD COLUMN "barcode" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_barcode_lower_unique" ON "products" USING btree ("account_id",lower("barcode")) WHERE "products"."barcode" is not null;--> statement-breakpoint
CREATE INDEX "products_barcode_trgm_idx" ON "products" USING gin (lower("barcode") gin_trgm_ops);