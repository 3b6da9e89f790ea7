/**
 * Real-shaped exports of the shops clients use, built from the published column lists, so the import
 * mappings are tested against what a client actually uploads. One file for the API tests, the Playwright specs
 * (e2e/tests import it) and the bench; it imports nothing, so it sits in any of their TypeScript projects.
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
  /** The shipping name (the recipient); also the billing name unless `billingName` says otherwise. */
  customer: string;
  billingName?: string;
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
        row[col('Billing Name')] = order.billingName ?? order.customer;
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

/** Shopify admin → Products → Export: the products CSV's columns, in Shopify's published order. */
// biome-ignore format: the published list, as published
export const SHOPIFY_PRODUCT_COLUMNS = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published', 'Option1 Name',
  'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value', 'Variant SKU', 'Variant Grams',
  'Variant Inventory Tracker', 'Variant Inventory Qty', 'Variant Inventory Policy', 'Variant Fulfillment Service',
  'Variant Price', 'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Taxable', 'Variant Barcode',
  'Image Src', 'Image Position', 'Image Alt Text', 'Gift Card', 'SEO Title', 'SEO Description',
  'Google Shopping / Google Product Category', 'Google Shopping / Gender', 'Google Shopping / Age Group',
  'Google Shopping / MPN', 'Google Shopping / Condition', 'Google Shopping / Custom Product', 'Variant Image',
  'Variant Weight Unit', 'Variant Tax Code', 'Cost per item', 'Status',
];

/** Seller Central → Reports → Inventory → All Listings Report: the tab-separated report's columns. */
// biome-ignore format: the published list, as published
export const AMAZON_LISTINGS_COLUMNS = [
  'item-name', 'item-description', 'listing-id', 'seller-sku', 'price', 'quantity', 'open-date', 'image-url',
  'item-is-marketplace', 'product-id-type', 'zshop-shipping-fee', 'item-note', 'item-condition', 'zshop-category1',
  'zshop-browse-path', 'zshop-storefront-feature', 'asin1', 'asin2', 'asin3', 'will-ship-internationally',
  'expedited-shipping', 'zshop-boldface', 'product-id', 'bid-for-featured-placement', 'add-delete',
  'pending-quantity', 'fulfillment-channel', 'merchant-shipping-group', 'status',
];

export interface ShopProduct {
  handle: string;
  title: string;
  seoTitle?: string;
  /** An image URL on the product's first row; `extraImages` add Shopify's image-only rows after the variants. */
  image?: string;
  extraImages?: string[];
  variants: { sku: string; option?: string; grams?: number | string; barcode?: string; price?: string }[];
}

/**
 * A Shopify products export: one row per variant, all sharing the product's Handle; Title, Vendor, Image Src and
 * the option names only on the product's first row; extra images on rows with the Handle and the image only.
 */
export function shopifyProductsExport(list: ShopProduct[]): string[][] {
  const col = (name: string) => SHOPIFY_PRODUCT_COLUMNS.indexOf(name);
  const rows: string[][] = [SHOPIFY_PRODUCT_COLUMNS];
  for (const product of list) {
    product.variants.forEach((variant, i) => {
      const row = SHOPIFY_PRODUCT_COLUMNS.map(() => '');
      row[col('Handle')] = product.handle;
      row[col('Option1 Value')] = variant.option ?? 'Default Title';
      row[col('Variant SKU')] = variant.sku;
      row[col('Variant Grams')] = String(variant.grams ?? 0);
      row[col('Variant Inventory Tracker')] = 'shopify';
      row[col('Variant Inventory Qty')] = '10';
      row[col('Variant Inventory Policy')] = 'deny';
      row[col('Variant Fulfillment Service')] = 'manual';
      row[col('Variant Price')] = variant.price ?? '19.99';
      row[col('Variant Requires Shipping')] = 'true';
      row[col('Variant Taxable')] = 'true';
      row[col('Variant Barcode')] = variant.barcode ?? '';
      row[col('Variant Weight Unit')] = 'kg';
      if (i === 0) {
        row[col('Title')] = product.title;
        row[col('Body (HTML)')] = `<p>${product.title}</p>`;
        row[col('SEO Title')] = product.seoTitle ?? '';
        row[col('Vendor')] = 'Acme';
        row[col('Published')] = 'true';
        row[col('Option1 Name')] = variant.option ? 'Size' : 'Title';
        row[col('Image Src')] = product.image ?? '';
        row[col('Image Position')] = product.image ? '1' : '';
        row[col('Gift Card')] = 'false';
        row[col('Status')] = 'active';
      }
      rows.push(row);
    });
    (product.extraImages ?? []).forEach((image, i) => {
      const row = SHOPIFY_PRODUCT_COLUMNS.map(() => '');
      row[col('Handle')] = product.handle;
      row[col('Image Src')] = image;
      row[col('Image Position')] = String(i + 2);
      rows.push(row);
    });
  }
  return rows;
}

/** Amazon's All Listings Report (tab-separated text): one row per listing. */
export function amazonListingsReport(list: { sku: string; name: string; asin: string; image?: string }[]): string {
  const col = (name: string) => AMAZON_LISTINGS_COLUMNS.indexOf(name);
  const lines = [AMAZON_LISTINGS_COLUMNS.join('\t')];
  for (const listing of list) {
    const row = AMAZON_LISTINGS_COLUMNS.map(() => '');
    row[col('item-name')] = listing.name;
    row[col('listing-id')] = `1120${listing.asin.slice(-6)}`;
    row[col('seller-sku')] = listing.sku;
    row[col('price')] = '24.99';
    row[col('quantity')] = '7';
    row[col('open-date')] = '2026-10-02 11:04:52 PDT';
    row[col('image-url')] = listing.image ?? '';
    row[col('item-is-marketplace')] = 'y';
    row[col('product-id-type')] = '1';
    row[col('item-condition')] = '11';
    row[col('asin1')] = listing.asin;
    row[col('product-id')] = listing.asin;
    row[col('fulfillment-channel')] = 'DEFAULT';
    row[col('status')] = 'Active';
    lines.push(row.join('\t'));
  }
  return `${lines.join('\n')}\n`;
}
