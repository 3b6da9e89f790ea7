-- Activity rows written before typed events carry their single warehouse/account in the new scope arrays, so
-- scoped readers (dashboard feed, timelines) find them.
UPDATE "activity" SET "warehouse_ids" = ARRAY["warehouse_id"] WHERE "warehouse_id" IS NOT NULL;--> statement-breakpoint
UPDATE "activity" SET "account_ids" = ARRAY["account_id"] WHERE "account_id" IS NOT NULL;
