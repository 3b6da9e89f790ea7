ALTER TABLE "orders" ADD COLUMN "shipped_lines" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_units" integer;--> statement-breakpoint
-- Orders shipped before: their lines and units, from their lines (before the index, so it is built once). Without
-- the dashboard counters' statement trigger, which these columns do not concern: it would gather every updated row
-- into one jsonb array, past PostgreSQL's 256 MB limit at a million shipped orders.
ALTER TABLE "orders" DISABLE TRIGGER "order_counters_update";--> statement-breakpoint
UPDATE "orders" AS o SET "shipped_lines" = coalesce(l.lines, 0), "shipped_units" = coalesce(l.units, 0)
FROM "orders" AS s
LEFT JOIN (
  SELECT order_id, count(*)::int AS lines, sum(quantity_shipped)::int AS units FROM "order_items" GROUP BY order_id
) AS l ON l.order_id = s.id
WHERE s.id = o.id AND s.lifecycle = 'shipped';--> statement-breakpoint
ALTER TABLE "orders" ENABLE TRIGGER "order_counters_update";--> statement-breakpoint
CREATE INDEX "orders_shipped_counts_idx" ON "orders" USING btree ("shipped_at","account_id","warehouse_id","shipped_lines","shipped_units","id") WHERE "orders"."lifecycle" = 'shipped';