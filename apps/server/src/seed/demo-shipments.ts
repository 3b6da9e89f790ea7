import type { ShipmentCreateInput } from '@wms/contract/shipments';
import { RequestAuth } from '../auth/request-auth';
import type { Database } from '../db/client';
import { createShipment, rejectShipment, verifyShipment } from '../modules/inbound/shipments/shipments-api';
import { findUserForSignIn, loadOwnUserView } from '../modules/platform/users/users-api';
import type { DemoCatalogueIds } from './demo-catalogue';
import { productsWithSkus } from './demo-repository';

type Outcome = { verify: string | null } | { reject: string } | null;

interface DemoShipment {
  client: string;
  account: keyof DemoCatalogueIds['accounts'];
  warehouse: keyof DemoCatalogueIds['warehouses'];
  sku: string;
  fields: Omit<ShipmentCreateInput, 'account_id' | 'warehouse_id' | 'product_id'>;
  outcome: Outcome;
}

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const SHIPMENTS: DemoShipment[] = [
  {
    client: 'client@example.com',
    account: 'northwind',
    warehouse: 'newark',
    sku: 'NW-TENT-2P',
    fields: {
      quantity: 24,
      tracking_number: '1Z999AA10123456784',
      carrier: 'UPS',
      delivery_date: daysFromToday(3),
      notes: 'Two cartons of 12, shrink-wrapped on one pallet.',
    },
    outcome: null,
  },
  {
    client: 'client@example.com',
    account: 'northwind',
    warehouse: 'dallas',
    sku: 'NW-SBAG-20F',
    fields: {
      quantity: 30,
      tracking_number: '7712 3456 7890',
      carrier: 'FedEx',
      delivery_date: daysFromToday(-4),
      notes: null,
    },
    outcome: { verify: 'Counted 30, all cartons sealed.' },
  },
  {
    client: 'client@example.com',
    account: 'lumen',
    warehouse: 'newark',
    sku: 'LHG-BULB-4PK',
    fields: {
      quantity: 50,
      tracking_number: 'JD014600006281234567',
      carrier: 'DHL',
      delivery_date: daysFromToday(-2),
      notes: 'Fragile',
    },
    outcome: { reject: 'Boxes arrived water-damaged; returned to the carrier.' },
  },
  {
    client: 'client2@example.com',
    account: 'peak',
    warehouse: 'dallas',
    sku: 'PPS-WHEY-VAN-2',
    fields: {
      quantity: 120,
      tracking_number: 'TBA301234567890',
      carrier: 'Amazon Logistics',
      delivery_date: daysFromToday(5),
      notes: null,
    },
    outcome: null,
  },
];

async function actingAs(db: Database, email: string): Promise<RequestAuth> {
  const row = await findUserForSignIn(db, email);
  const user = row ? await loadOwnUserView(db, row.id) : undefined;
  if (!user) throw new Error(`Demo user ${email} is missing`);
  return new RequestAuth(user, 0, db);
}

/**
 * A few inbound shipments in every state, made through the shipments service as the demo users would (clients
 * announce, the manager verifies or rejects), so stock, ledger and activity agree.
 */
export async function seedDemoShipments(db: Database, ids: DemoCatalogueIds): Promise<void> {
  const rows = await productsWithSkus(
    db,
    SHIPMENTS.map((s) => s.sku),
  );
  const productIdOf = new Map(rows.map((r) => [r.sku, r.id]));
  const manager = await actingAs(db, 'manager@example.com');
  for (const demo of SHIPMENTS) {
    const productId = productIdOf.get(demo.sku);
    if (productId === undefined) continue;
    const client = await actingAs(db, demo.client);
    const shipment = await createShipment(db, client, {
      account_id: ids.accounts[demo.account],
      warehouse_id: ids.warehouses[demo.warehouse],
      product_id: productId,
      ...demo.fields,
    });
    if (demo.outcome && 'verify' in demo.outcome) {
      await verifyShipment(db, manager, shipment.id, { notes: demo.outcome.verify });
    } else if (demo.outcome) {
      await rejectShipment(db, manager, shipment.id, { rejection_reason: demo.outcome.reject });
    }
  }
}
