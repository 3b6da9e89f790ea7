/**
 * Real-shaped exports of the shops clients use (issue 26), built from the published column lists, so the import
 * mappings are tested against what a client actually uploads.
 */

/** Shopify admin → Orders → Export: the columns of the orders CSV, in Shopify's order (help.shopify.com). */
// biome-ignore format: the published list, as published
export const SHOPIFY_ORDER_COLUMNS = [
  'Name', 'Email', 'Financial Status', 'Paid at', 'Fulfillment Status', 'Fulfilled at', 'Accepts Marketing',
  'Currency', 'Subtotal', 'Shipping', 'Taxes', 'Total', 'Discount Code', 'Discount Amount', 'Shipping Method',
  'Created at', 'Lineitem quantity', 'Lineitem name', 'Lineitem price', 'Lineitem compare at price', 'Lineitem sku',
  'Lineitem requires shipping', 'Lineitem taxable', 'Lineitem fulfillment status', 'Billing Name', 'Billing Street',
  'Billing Address1', 'Billing Address2', 'Billing Company', 'Billing City', 'Billing Zip', 'Billing Province',
  'Billing Country', 'Billing Phone', 'Shipping Name', 'Shipping Street', 'Shipping Address1', 'Shipping Address2',
  'Shipping Company', 'Shipping City', 'Shipping Zip', 'Shipping Province', 'Shipping Country', 'Shipping Phone',
  'Notes', 'Note Attributes', 'Cancelled at', 'Payment Method', 'Payment Reference', 'Refunded Amount', 'Vendor',
  'Outstanding Balance', 'Employee', 'Location', 'Device ID', 'Id', 'Tags', 'Risk Level', 'Source',
  'Lineitem discount', 'Tax 1 Name', 'Tax 1 Value', 'Tax 2 Name', 'Tax 2 Value', 'Tax 3 Name', 'Tax 3 Value',
  'Tax 4 Name', 'Tax 4 Value', 'Tax 5 Name', 'Tax 5 Value', 'Phone', 'Receipt Number', 'Duties',
  'Billing Province Name', 'Shipping Province Name', 'Payment ID', 'Payment Terms Name', 'Next Payment Due At',
  'Payment References',
];

/** Seller Central → Reports → Order Reports → Unshipped Orders: the tab-separated report's columns. */
// biome-ignore format: the published list, as published
export const AMAZON_UNSHIPPED_COLUMNS = [
  'order-id', 'order-item-id', 'purchase-date', 'payments-date', 'reporting-date', 'promise-date',
  'days-past-promise', 'buyer-email', 'buyer-name', 'buyer-phone-number', 'sku', 'product-name',
  'quantity-purchased', 'quantity-shipped', 'quantity-to-ship', 'ship-service-level', 'recipient-name',
  'ship-address-1', 'ship-address-2', 'ship-address-3', 'ship-city', 'ship-state', 'ship-postal-code',
  'ship-country', 'is-business-order', 'purchase-order-number', 'price-designation',
];

export interface ShopOrder {
  id: string;
  customer: string;
  notes?: string;
  lines: { sku: string; quantity: number | string }[];
}

/**
 * A Shopify orders export: one row per line item; the order's own fields (email, totals, shipping name, notes) only
 * on its first row, `Name` repeated on every row, as Shopify writes it. Values of other columns are plausible filler.
 */
export function shopifyExport(orders: ShopOrder[]): string[][] {
  const col = (name: string) => SHOPIFY_ORDER_COLUMNS.indexOf(name);
  const rows: string[][] = [SHOPIFY_ORDER_COLUMNS];
  for (const order of orders) {
    order.lines.forEach((line, i) => {
      const row = SHOPIFY_ORDER_COLUMNS.map(() => '');
      row[col('Name')] = order.id;
      row[col('Lineitem quantity')] = String(line.quantity);
      row[col('Lineitem name')] = `Product ${line.sku}`;
      row[col('Lineitem price')] = '12.50';
      row[col('Lineitem sku')] = line.sku;
      row[col('Lineitem requires shipping')] = 'true';
      row[col('Lineitem fulfillment status')] = 'pending';
      if (i === 0) {
        row[col('Email')] = 'buyer@example.com';
        row[col('Financial Status')] = 'paid';
        row[col('Currency')] = 'USD';
        row[col('Total')] = '42.00';
        row[col('Created at')] = '2026-11-20 10:15:03 -0500';
        row[col('Billing Name')] = order.customer;
        row[col('Shipping Name')] = order.customer;
        row[col('Shipping Address1')] = '1 Main St';
        row[col('Shipping City')] = 'Austin';
        row[col('Shipping Country')] = 'US';
        row[col('Notes')] = order.notes ?? '';
        row[col('Id')] = String(5_000_000_000 + rows.length);
      }
      rows.push(row);
    });
  }
  return rows;
}

/** Amazon's unshipped orders report (tab-separated text): one row per order item, order fields on every row. */
export function amazonUnshippedReport(orders: (ShopOrder & { promise: string })[]): string {
  const col = (name: string) => AMAZON_UNSHIPPED_COLUMNS.indexOf(name);
  const lines = [AMAZON_UNSHIPPED_COLUMNS.join('\t')];
  for (const order of orders) {
    order.lines.forEach((line, i) => {
      const row = AMAZON_UNSHIPPED_COLUMNS.map(() => '');
      row[col('order-id')] = order.id;
      row[col('order-item-id')] = `${order.id.replaceAll('-', '')}${i}`;
      row[col('purchase-date')] = '2026-11-20T08:00:00+00:00';
      row[col('payments-date')] = '2026-11-20T08:00:00+00:00';
      row[col('promise-date')] = order.promise;
      row[col('buyer-email')] = 'abc123@marketplace.amazon.com';
      row[col('buyer-name')] = order.customer;
      row[col('sku')] = line.sku;
      row[col('product-name')] = `Product ${line.sku}`;
      row[col('quantity-purchased')] = String(line.quantity);
      row[col('quantity-shipped')] = '0';
      row[col('quantity-to-ship')] = String(line.quantity);
      row[col('ship-service-level')] = 'Standard';
      row[col('recipient-name')] = order.customer;
      row[col('ship-address-1')] = '2 Side St';
      row[col('ship-city')] = 'Austin';
      row[col('ship-country')] = 'US';
      row[col('is-business-order')] = 'false';
      lines.push(row.join('\t'));
    });
  }
  return `${lines.join('\n')}\n`;
}

/** CSV text of rows (quotes where needed), as a shop would save it. */
export const csvText = (rows: string[][]) =>
  `${rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\n')}\n`;
