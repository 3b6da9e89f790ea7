-- Order counters (schema/order-counters.ts) kept by statement triggers on orders: every insert, update and delete
-- of orders, whatever its path (one order, a bulk, an import, a status change, the demo seed), moves the counters
-- in the same transaction, by the difference between the rows before and after the statement. One upsert per
-- counter table per statement, rows in key order so two writers lock counter rows in the same order.

-- Applies signed order rows: +1 for a row as it is now, -1 for a row as it was. Units shipped are read from the
-- order's lines as they are now (lines changed by a later statement move the units through their own trigger).
CREATE FUNCTION apply_order_counter_deltas(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT * FROM jsonb_to_recordset(deltas) AS x(id int, warehouse_id int, account_id int, status_id int,
      lifecycle text, created_on date, shipped_on date, sign int)
  ),
  by_status AS (
    INSERT INTO order_status_counts AS c (warehouse_id, account_id, status_id, lifecycle, orders)
    SELECT warehouse_id, account_id, status_id, lifecycle, sum(sign) FROM d
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (warehouse_id, account_id, status_id, lifecycle) DO UPDATE SET orders = c.orders + excluded.orders
    RETURNING 1
  ),
  by_day AS (
    INSERT INTO order_daily_counts AS c (day, warehouse_id, account_id, created, shipped)
    SELECT day, warehouse_id, account_id, sum(created), sum(shipped) FROM (
      SELECT created_on AS day, warehouse_id, account_id, sign AS created, 0 AS shipped FROM d
      UNION ALL
      SELECT shipped_on, warehouse_id, account_id, 0, sign FROM d WHERE shipped_on IS NOT NULL
    ) days
    GROUP BY 1, 2, 3 HAVING sum(created) <> 0 OR sum(shipped) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, warehouse_id, account_id)
      DO UPDATE SET created = c.created + excluded.created, shipped = c.shipped + excluded.shipped
    RETURNING 1
  )
  INSERT INTO product_daily_shipments AS c (day, warehouse_id, account_id, product_id, units)
  SELECT d.shipped_on, d.warehouse_id, d.account_id, i.product_id, sum(d.sign * i.quantity_shipped)
  FROM d JOIN order_items i ON i.order_id = d.id
  WHERE d.shipped_on IS NOT NULL AND i.quantity_shipped > 0
  GROUP BY 1, 2, 3, 4 HAVING sum(d.sign * i.quantity_shipped) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, warehouse_id, account_id, product_id) DO UPDATE SET units = c.units + excluded.units;
END $$;
--> statement-breakpoint
-- One function for the three triggers: each branch reads only the transition tables its trigger declares.
CREATE FUNCTION order_counters_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  IF tg_op IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('id', o.id, 'warehouse_id', o.warehouse_id,
      'account_id', o.account_id, 'status_id', o.status_id, 'lifecycle', o.lifecycle, 'created_on', o.created_at::date,
      'shipped_on', CASE WHEN o.lifecycle = 'shipped' THEN o.shipped_at::date END, 'sign', -1)) FROM old_rows o), '[]');
  END IF;
  IF tg_op IN ('INSERT', 'UPDATE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('id', o.id, 'warehouse_id', o.warehouse_id,
      'account_id', o.account_id, 'status_id', o.status_id, 'lifecycle', o.lifecycle, 'created_on', o.created_at::date,
      'shipped_on', CASE WHEN o.lifecycle = 'shipped' THEN o.shipped_at::date END, 'sign', 1)) FROM new_rows o), '[]');
  END IF;
  IF jsonb_array_length(deltas) > 0 THEN
    PERFORM apply_order_counter_deltas(deltas);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_counters_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_counters_on_write();
--> statement-breakpoint
CREATE TRIGGER order_counters_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_counters_on_write();
--> statement-breakpoint
CREATE TRIGGER order_counters_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_counters_on_write();
--> statement-breakpoint
-- Lines of a shipped order (inserted or changed after it shipped, in whatever order a path writes them) move the
-- units shipped too. Together with the orders triggers this keeps, for every statement, units = the sum of
-- quantity_shipped over the lines of shipped orders: each trigger accounts for its own table's change only.
-- (A shipped order is never deleted — only pending ones are — so its lines never vanish under the counter.)
CREATE FUNCTION order_item_counters_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  IF tg_op IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('order_id', i.order_id,
      'product_id', i.product_id, 'units', -i.quantity_shipped)) FROM old_rows i WHERE i.quantity_shipped <> 0), '[]');
  END IF;
  IF tg_op IN ('INSERT', 'UPDATE') THEN
    deltas := deltas || coalesce((SELECT jsonb_agg(jsonb_build_object('order_id', i.order_id,
      'product_id', i.product_id, 'units', i.quantity_shipped)) FROM new_rows i WHERE i.quantity_shipped <> 0), '[]');
  END IF;
  IF jsonb_array_length(deltas) > 0 THEN
    INSERT INTO product_daily_shipments AS c (day, warehouse_id, account_id, product_id, units)
    SELECT o.shipped_at::date, o.warehouse_id, o.account_id, d.product_id, sum(d.units)
    FROM jsonb_to_recordset(deltas) AS d(order_id int, product_id int, units int)
    JOIN orders o ON o.id = d.order_id
    WHERE o.lifecycle = 'shipped' AND o.shipped_at IS NOT NULL
    GROUP BY 1, 2, 3, 4 HAVING sum(d.units) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, warehouse_id, account_id, product_id) DO UPDATE SET units = c.units + excluded.units;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_item_counters_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_counters_on_write();
--> statement-breakpoint
CREATE TRIGGER order_item_counters_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_counters_on_write();
--> statement-breakpoint
CREATE TRIGGER order_item_counters_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_counters_on_write();
--> statement-breakpoint
-- Recomputes every counter from the orders, writers held off meanwhile (the backfill below, the benchmark
-- generator after its bulk inserts with the triggers off, a repair).
CREATE FUNCTION rebuild_order_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE orders IN SHARE MODE;
  DELETE FROM order_status_counts;
  DELETE FROM order_daily_counts;
  DELETE FROM product_daily_shipments;
  INSERT INTO order_status_counts (warehouse_id, account_id, status_id, lifecycle, orders)
  SELECT warehouse_id, account_id, status_id, lifecycle, count(*) FROM orders GROUP BY 1, 2, 3, 4;
  INSERT INTO order_daily_counts (day, warehouse_id, account_id, created, shipped)
  SELECT day, warehouse_id, account_id, sum(created), sum(shipped) FROM (
    SELECT created_at::date AS day, warehouse_id, account_id, 1 AS created, 0 AS shipped FROM orders
    UNION ALL
    SELECT shipped_at::date, warehouse_id, account_id, 0, 1 FROM orders
    WHERE lifecycle = 'shipped' AND shipped_at IS NOT NULL
  ) days GROUP BY 1, 2, 3;
  INSERT INTO product_daily_shipments (day, warehouse_id, account_id, product_id, units)
  SELECT o.shipped_at::date, o.warehouse_id, o.account_id, i.product_id, sum(i.quantity_shipped)
  FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.lifecycle = 'shipped' AND o.shipped_at IS NOT NULL AND i.quantity_shipped > 0
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT rebuild_order_counters();
