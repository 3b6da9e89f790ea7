import { eq, inArray, sql } from 'drizzle-orm';
import { RequestAuth } from '../../auth/request-auth';
import { changeOrderStatus } from '../../modules/orders/order-status-change';
import { verifyOrderItem } from '../../modules/orders/order-verification';
import { placeOrder } from '../../modules/orders/place-order';
import { loadUserView } from '../../modules/users/user-view';
import { findUserByEmail } from '../../modules/users/users-repository';
import type { Database } from '../client';
import { orderItems, orders } from '../schema/orders';
import { products } from '../schema/products';
import type { DemoCatalogueIds } from './demo-catalogue';

type AccountKey = keyof DemoCatalogueIds['accounts'];
type WarehouseKey = keyof DemoCatalogueIds['warehouses'];

interface DemoOrder {
  customer: string;
  account: AccountKey;
  warehouse: WarehouseKey;
  lines: [sku: string, quantity: number][];
  /** Where the order ends up; shipped orders are verified first, as the rule requires. */
  status?: 'Processing' | 'shipped' | 'cancelled';
  /** For shipped orders: how long ago (the main list keeps those shipped within 7 days; the archive has all). */
  shippedDaysAgo?: number;
}

/**
 * Orders for the demo (and the browser tests, which each use their own customer's order): pending ones to change,
 * verify, label, merge, edit and delete; a processing and a cancelled one; shipped ones, two of them shipped more
 * than 7 days ago so the main list drops them and the archive shows them. Every order goes through the same
 * services as the API (reservations, verification, shipping through the ledger).
 */
const DEMO_ORDERS: DemoOrder[] = [
  {
    customer: 'Ava Thompson',
    account: 'northwind',
    warehouse: 'newark',
    lines: [
      ['NW-LAMP-400', 2],
      ['NW-PAD-UL', 1],
    ],
  },
  { customer: 'Ben Carter', account: 'northwind', warehouse: 'newark', lines: [['NW-HAMMOCK', 1]] },
  { customer: 'Chloe Evans', account: 'northwind', warehouse: 'newark', lines: [['NW-LAMP-400', 1]] },
  { customer: 'Diego Ramos', account: 'northwind', warehouse: 'newark', lines: [['NW-PAD-UL', 2]] },
  { customer: 'Emma Wilson', account: 'northwind', warehouse: 'newark', lines: [['NW-HAMMOCK', 2]] },
  {
    customer: 'Felix Moore',
    account: 'northwind',
    warehouse: 'newark',
    lines: [
      ['NW-LAMP-400', 2],
      ['NW-HAMMOCK', 1],
    ],
  },
  { customer: 'Grace Lee', account: 'northwind', warehouse: 'newark', lines: [['NW-PAD-UL', 3]] },
  {
    customer: 'Henry Adams',
    account: 'lumen',
    warehouse: 'newark',
    lines: [['LHG-BULB-4PK', 4]],
    status: 'Processing',
  },
  { customer: 'Isla Brown', account: 'peak', warehouse: 'dallas', lines: [['PPS-WHEY-VAN-2', 2]] },
  { customer: 'Jack Wilson', account: 'northwind', warehouse: 'dallas', lines: [['NW-POLE-CF', 2]] },
  {
    customer: 'Karen Hall',
    account: 'northwind',
    warehouse: 'newark',
    lines: [['NW-LAMP-400', 1]],
    status: 'shipped',
    shippedDaysAgo: 12,
  },
  {
    customer: 'Liam Scott',
    account: 'peak',
    warehouse: 'dallas',
    lines: [['PPS-MULTI-90', 3]],
    status: 'shipped',
    shippedDaysAgo: 20,
  },
  {
    customer: 'Mia Turner',
    account: 'northwind',
    warehouse: 'newark',
    lines: [['NW-PAD-UL', 1]],
    status: 'shipped',
    shippedDaysAgo: 2,
  },
  { customer: 'Noah King', account: 'lumen', warehouse: 'newark', lines: [['LHG-DIFF-ULT', 1]], status: 'cancelled' },
];

export async function seedDemoOrders(db: Database, ids: DemoCatalogueIds): Promise<void> {
  const admin = await findUserByEmail(db, 'admin@example.com');
  const view = admin ? await loadUserView(db, admin.id) : undefined;
  if (!view) return;
  // The admin acts as staff here (every status is open to admins; verification is a staff action).
  const auth = new RequestAuth(view, 0, db);
  const skus = [...new Set(DEMO_ORDERS.flatMap((order) => order.lines.map(([sku]) => sku)))];
  const productRows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, skus));
  const productIdOf = new Map(productRows.map((row) => [row.sku, row.id]));

  for (const [index, demo] of DEMO_ORDERS.entries()) {
    const placed = await placeOrder(db, {
      accountId: ids.accounts[demo.account],
      warehouseId: ids.warehouses[demo.warehouse],
      userId: ids.userId,
      customerName: demo.customer,
      externalOrderId: `DEMO-${1001 + index}`,
      shipDate: null,
      lines: demo.lines.map(([sku, quantity]) => ({ productId: productIdOf.get(sku)!, quantity })),
    });
    if (!demo.status) continue;
    if (demo.status === 'shipped') {
      const items = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, placed.id));
      for (const item of items) await verifyOrderItem(db, auth, placed.id, item.id, { verified: true });
    }
    await changeOrderStatus(db, auth, placed.id, demo.status);
    if (demo.shippedDaysAgo) {
      await db
        .update(orders)
        .set({ shippedAt: sql`now() - make_interval(days => ${demo.shippedDaysAgo})` })
        .where(eq(orders.id, placed.id));
    }
  }
}
