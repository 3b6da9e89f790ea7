import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Database } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { FileStorage } from '../files/file-storage';
import { storePdf } from '../modules/outbound/labels/labels-api';
import { createOrders, mergeLines } from '../modules/outbound/order-creation/order-creation-api';
import { applyStatusChange } from '../modules/outbound/orders/orders-api';
import { recordEvent } from '../modules/platform/activity/activity-api';
import {
  allStatuses,
  backdateOrder,
  backdateShipping,
  insertMergeItem,
  insertShipmentLabel,
  productsWithSkus,
  verifyAllItems,
  verifyItemUnits,
} from './demo-repository';

export interface DemoOrderIds {
  accounts: { northwind: number; lumen: number; peak: number };
  warehouses: { newark: number; dallas: number };
  users: { olivia: number; james: number; maria: number };
}

interface DemoOrder {
  key: string;
  account: keyof DemoOrderIds['accounts'];
  warehouse: keyof DemoOrderIds['warehouses'];
  by: keyof DemoOrderIds['users'];
  customer: string;
  externalId: string;
  lines: [sku: string, quantity: number][];
  daysAgo: number;
  /** Units verified per SKU before the status changes (all: every unit). */
  verify?: 'all' | Record<string, number>;
  /** Status changes applied in order, each through the same code as POST /orders/{id}/status. */
  statuses?: string[];
  shippedDaysAgo?: number;
  notes?: string;
}

const DEMO_ORDERS: DemoOrder[] = [
  {
    key: 'nw-pending',
    account: 'northwind',
    warehouse: 'newark',
    by: 'olivia',
    customer: 'Emily Johnson',
    externalId: 'NW-10231',
    lines: [
      ['NW-TENT-2P', 2],
      ['NW-PAD-UL', 2],
    ],
    daysAgo: 0,
    notes: 'Gift wrap, please.',
  },
  {
    key: 'nw-ready',
    account: 'northwind',
    warehouse: 'newark',
    by: 'olivia',
    customer: 'Marcus Lee',
    externalId: 'NW-10228',
    lines: [
      ['NW-SBAG-20F', 1],
      ['NW-LAMP-400', 2],
    ],
    daysAgo: 1,
    verify: 'all',
    statuses: ['Processing', 'Packed'],
  },
  {
    key: 'nw-shipped',
    account: 'northwind',
    warehouse: 'newark',
    by: 'olivia',
    customer: 'Priya Patel',
    externalId: 'NW-10219',
    lines: [['NW-STOVE-CMP', 1]],
    daysAgo: 3,
    verify: 'all',
    statuses: ['shipped'],
    shippedDaysAgo: 2,
  },
  {
    key: 'nw-backorder',
    account: 'northwind',
    warehouse: 'dallas',
    by: 'olivia',
    customer: 'Hannah Schultz',
    externalId: 'NW-10235',
    lines: [
      ['NW-SBAG-20F', 2],
      ['NW-TENT-4P', 1],
    ],
    daysAgo: 0,
    statuses: ['Urgent'],
  },
  {
    key: 'lhg-scanning',
    account: 'lumen',
    warehouse: 'newark',
    by: 'olivia',
    customer: 'Oliver Grant',
    externalId: 'LHG-5531',
    lines: [
      ['LHG-BULB-4PK', 3],
      ['LHG-CANDLE-CED', 2],
    ],
    daysAgo: 1,
    verify: { 'LHG-BULB-4PK': 3, 'LHG-CANDLE-CED': 1 },
    statuses: ['Processing'],
  },
  {
    key: 'lhg-cancelled',
    account: 'lumen',
    warehouse: 'newark',
    by: 'olivia',
    customer: 'Sofia Rossi',
    externalId: 'LHG-5520',
    lines: [['LHG-LAMP-ARC', 1]],
    daysAgo: 4,
    statuses: ['cancelled'],
  },
  {
    key: 'pps-merge-a',
    account: 'peak',
    warehouse: 'dallas',
    by: 'james',
    customer: 'Iron Temple Gym',
    externalId: 'PPS-88012',
    lines: [
      ['PPS-WHEY-VAN-2', 6],
      ['PPS-SHAKER-BLK', 6],
    ],
    daysAgo: 2,
  },
  {
    key: 'pps-merge-b',
    account: 'peak',
    warehouse: 'dallas',
    by: 'james',
    customer: 'Iron Temple Gym',
    externalId: 'PPS-88013',
    lines: [['PPS-CREA-300', 4]],
    daysAgo: 2,
  },
  {
    key: 'pps-archived',
    account: 'peak',
    warehouse: 'dallas',
    by: 'james',
    customer: 'Daniel Kim',
    externalId: 'PPS-87950',
    lines: [['PPS-MULTI-90', 2]],
    daysAgo: 14,
    verify: 'all',
    statuses: ['shipped', 'Delivered'],
    shippedDaysAgo: 12,
  },
  // Pending Northwind orders for the browser tests (e2e/fixtures/orders.ts), one per test, so no two tests share one.
  ...(
    [
      [
        'Ava Thompson',
        'NW-10301',
        [
          ['NW-LAMP-400', 2],
          ['NW-PAD-UL', 1],
        ],
      ],
      ['Ben Carter', 'NW-10302', [['NW-HAMMOCK', 1]]],
      ['Chloe Evans', 'NW-10303', [['NW-LAMP-400', 1]]],
      ['Diego Ramos', 'NW-10304', [['NW-PAD-UL', 2]]],
      ['Emma Wilson', 'NW-10305', [['NW-HAMMOCK', 2]]],
      [
        'Felix Moore',
        'NW-10306',
        [
          ['NW-LAMP-400', 2],
          ['NW-HAMMOCK', 1],
        ],
      ],
      ['Grace Lee', 'NW-10307', [['NW-PAD-UL', 3]]],
    ] as [string, string, [string, number][]][]
  ).map(
    ([customer, externalId, lines], index): DemoOrder => ({
      key: `nw-e2e-${index}`,
      account: 'northwind',
      warehouse: 'newark',
      by: 'olivia',
      customer,
      externalId,
      lines,
      daysAgo: 5,
    }),
  ),
  {
    key: 'nw-e2e-dallas',
    account: 'northwind',
    warehouse: 'dallas',
    by: 'olivia',
    customer: 'Jack Wilson',
    externalId: 'NW-10308',
    lines: [['NW-POLE-CF', 2]],
    daysAgo: 5,
  },
];

/**
 * Demo orders in every state the screens show (pending, processing with verified items, shipped, backordered,
 * cancelled, merged, archived), placed and moved through the same code as the API, so reservations, shipments
 * and releases are ledger movements and the stock figures stay exact. With a storage, a label PDF too.
 */
export async function seedDemoOrders(db: Database, ids: DemoOrderIds, storage?: FileStorage): Promise<void> {
  const skus = [...new Set(DEMO_ORDERS.flatMap((o) => o.lines.map(([sku]) => sku)))];
  const productRows = await productsWithSkus(db, skus);
  const productOf = (accountId: number, sku: string) =>
    productRows.find((p) => p.sku === sku && p.accountId === accountId)!.id;
  const statusRows = await allStatuses(db);
  const statusNamed = (name: string) => statusRows.find((s) => s.name === name)!;

  const placed = new Map<string, { id: number; orderNumber: string }>();
  for (const demo of DEMO_ORDERS) {
    const accountId = ids.accounts[demo.account];
    const userId = ids.users[demo.by];
    const warehouseId = ids.warehouses[demo.warehouse];
    // The API's creation path (POST /orders/bulk's checks and writes), one order per transaction.
    const created = await inTransaction(db, (tx) =>
      createOrders(tx, { userId }, { kind: 'all' }, [
        {
          accountId,
          warehouseId,
          shipperId: null,
          customerName: demo.customer,
          externalOrderId: demo.externalId,
          shipDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
          notes: demo.notes ?? null,
          lines: mergeLines(demo.lines.map(([sku, quantity]) => ({ productId: productOf(accountId, sku), quantity }))),
        },
      ]),
    );
    const order = { id: created.data[0]!.id, orderNumber: created.data[0]!.order_number };
    placed.set(demo.key, order);
    await backdateOrder(db, order.id, demo.daysAgo, placed.size);
    if (demo.verify) await verifyDemoItems(db, order.id, accountId, demo.verify, ids.users.maria, productOf);
    for (const name of demo.statuses ?? []) {
      await applyStatusChange(db, { kind: 'all' }, ids.users.maria, order.id, statusNamed(name));
    }
    if (demo.shippedDaysAgo !== undefined) {
      await backdateShipping(db, order.id, demo.shippedDaysAgo);
    }
  }

  await mergeDemoOrders(db, ids, [placed.get('pps-merge-a')!, placed.get('pps-merge-b')!]);
  if (storage) await attachDemoLabel(db, storage, ids.users.olivia, placed.get('nw-pending')!, ids);
}

async function verifyDemoItems(
  db: Database,
  orderId: number,
  accountId: number,
  verify: 'all' | Record<string, number>,
  verifier: number,
  productOf: (accountId: number, sku: string) => number,
) {
  if (verify === 'all') {
    await verifyAllItems(db, orderId, verifier);
    return;
  }
  for (const [sku, units] of Object.entries(verify)) {
    await verifyItemUnits(db, orderId, productOf(accountId, sku), units, verifier);
  }
}

async function mergeDemoOrders(db: Database, ids: DemoOrderIds, merged: { id: number; orderNumber: string }[]) {
  await db.transaction(async (tx) => {
    const mergeItemId = await insertMergeItem(
      tx,
      { title: 'Iron Temple Gym — Friday pickup', warehouseId: ids.warehouses.dallas, createdBy: ids.users.james },
      merged.map((o) => o.id),
    );
    await recordEvent(tx, {
      kind: 'order.merged',
      payload: { title: 'Iron Temple Gym — Friday pickup', order_numbers: merged.map((o) => o.orderNumber) },
      actorId: ids.users.james,
      subject: { type: 'merge_item', id: mergeItemId },
      warehouseIds: [ids.warehouses.dallas],
      accountIds: [ids.accounts.peak],
    });
  });
}

async function attachDemoLabel(
  db: Database,
  storage: FileStorage,
  userId: number,
  order: { id: number; orderNumber: string },
  ids: DemoOrderIds,
) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([288, 432]); // 4 × 6 in
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('UPS GROUND', { x: 24, y: 380, size: 22, font });
  page.drawText(`Order ${order.orderNumber}`, { x: 24, y: 350, size: 12, font });
  page.drawText('Tracking 1Z999AA10123456784', { x: 24, y: 330, size: 10, font });
  const bytes = Buffer.from(await pdf.save());
  await storePdf(
    storage,
    { kind: 'label', ownerUserId: userId, fileName: 'ups-ground-label.pdf', source: bytes },
    (insertFile) =>
      db.transaction(async (tx) => {
        const fileId = await insertFile(tx);
        await insertShipmentLabel(tx, {
          orderId: order.id,
          fileId,
          labelName: 'UPS Ground',
          labelType: 'shipping',
          trackingNumber: '1Z999AA10123456784',
          carrier: 'UPS',
          createdBy: userId,
        });
        await recordEvent(tx, {
          kind: 'order.label_uploaded',
          payload: { order_number: order.orderNumber, label_name: 'UPS Ground' },
          actorId: userId,
          subject: { type: 'order', id: order.id },
          warehouseIds: [ids.warehouses.newark],
          accountIds: [ids.accounts.northwind],
        });
      }),
  );
}
