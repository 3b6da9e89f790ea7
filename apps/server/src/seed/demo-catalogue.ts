import type { Database, Executor } from '../db/client';
import { activeLocationIdsOfType } from '../modules/floor/locations/locations-api';
import { applyMovement, moveBetweenLocations } from '../modules/floor/stock/stock-api';
import { insertInventoryRow, insertProducts } from './demo-repository';

/** The demo rows the catalogue hangs on (ids from seedDemoData). */
export interface DemoCatalogueIds {
  accounts: { northwind: number; lumen: number; peak: number };
  warehouses: { newark: number; dallas: number };
  /** Who the opening stock movements are recorded as (e.g. the manager). */
  userId: number | null;
}

type AccountKey = keyof DemoCatalogueIds['accounts'];
type WarehouseKey = keyof DemoCatalogueIds['warehouses'];

interface DemoProduct {
  account: AccountKey;
  sku: string;
  name: string;
  dimension: string;
  weightLb: number;
  /** [warehouse, on hand, reserved]: available = on hand − reserved; 1–10 is low stock, 0 is out of stock. */
  stock: [WarehouseKey, number, number][];
}

const CATALOGUE: DemoProduct[] = [
  // Northwind Outdoor Co. — Newark and Dallas
  {
    account: 'northwind',
    sku: 'NW-TENT-2P',
    name: 'Trailhead 2-Person Backpacking Tent',
    dimension: '45x15x15 cm',
    weightLb: 4.6,
    stock: [
      ['newark', 84, 12],
      ['dallas', 40, 6],
    ],
  },
  {
    account: 'northwind',
    sku: 'NW-TENT-4P',
    name: 'Basecamp 4-Person Dome Tent',
    dimension: '65x22x22 cm',
    weightLb: 11.2,
    stock: [
      ['newark', 18, 10],
      ['dallas', 6, 0],
    ],
  },
  {
    account: 'northwind',
    sku: 'NW-SBAG-20F',
    name: 'Summit 20°F Down Sleeping Bag',
    dimension: '38x20x20 cm',
    weightLb: 2.4,
    stock: [
      ['newark', 62, 4],
      ['dallas', 0, 0],
    ],
  },
  {
    account: 'northwind',
    sku: 'NW-PAD-UL',
    name: 'Ultralight Inflatable Sleeping Pad',
    dimension: '25x10x10 cm',
    weightLb: 1.1,
    stock: [['newark', 130, 20]],
  },
  {
    account: 'northwind',
    sku: 'NW-STOVE-CMP',
    name: 'Compact Canister Camp Stove',
    dimension: '12x8x8 cm',
    weightLb: 0.6,
    stock: [
      ['newark', 9, 2],
      ['dallas', 25, 0],
    ],
  },
  {
    account: 'northwind',
    sku: 'NW-LAMP-400',
    name: 'Rechargeable 400-Lumen Lantern',
    dimension: '18x10x10 cm',
    weightLb: 0.9,
    stock: [['newark', 210, 35]],
  },
  {
    account: 'northwind',
    sku: 'NW-PACK-45L',
    name: 'Ridgeline 45L Hiking Backpack',
    dimension: '60x32x22 cm',
    weightLb: 3.1,
    stock: [
      ['newark', 4, 4],
      ['dallas', 15, 3],
    ],
  },
  {
    account: 'northwind',
    sku: 'NW-POLE-CF',
    name: 'Carbon Fiber Trekking Poles (Pair)',
    dimension: '68x8x8 cm',
    weightLb: 1.0,
    stock: [['dallas', 48, 0]],
  },
  {
    account: 'northwind',
    sku: 'NW-FILTER-SQ',
    name: 'Squeeze Water Filter System',
    dimension: '15x8x5 cm',
    weightLb: 0.3,
    stock: [['newark', 7, 0]],
  },
  {
    account: 'northwind',
    sku: 'NW-CHAIR-FLD',
    name: 'Folding Camp Chair with Cup Holder',
    dimension: '90x18x18 cm',
    weightLb: 6.2,
    stock: [['dallas', 0, 0]],
  },
  {
    account: 'northwind',
    sku: 'NW-HAMMOCK',
    name: 'Parachute Nylon Travel Hammock',
    dimension: '20x12x12 cm',
    weightLb: 1.4,
    stock: [['newark', 56, 8]],
  },
  {
    account: 'northwind',
    sku: 'NW-COOLER-25',
    name: 'Hard-Sided 25 qt Cooler',
    dimension: '55x35x38 cm',
    weightLb: 14.8,
    stock: [],
  },
  // Lumen Home Goods — Newark
  {
    account: 'lumen',
    sku: 'LHG-LAMP-ARC',
    name: 'Brass Arc Floor Lamp',
    dimension: '180x40x40 cm',
    weightLb: 18.5,
    stock: [['newark', 14, 2]],
  },
  {
    account: 'lumen',
    sku: 'LHG-BULB-4PK',
    name: 'Warm White LED Bulbs (4-Pack)',
    dimension: '20x12x6 cm',
    weightLb: 0.5,
    stock: [['newark', 520, 60]],
  },
  {
    account: 'lumen',
    sku: 'LHG-THROW-KNT',
    name: 'Chunky Knit Throw Blanket',
    dimension: '40x30x15 cm',
    weightLb: 3.3,
    stock: [['newark', 33, 0]],
  },
  {
    account: 'lumen',
    sku: 'LHG-CANDLE-CED',
    name: 'Cedar & Sage Soy Candle 8 oz',
    dimension: '9x9x10 cm',
    weightLb: 0.9,
    stock: [['newark', 3, 0]],
  },
  {
    account: 'lumen',
    sku: 'LHG-MIRROR-RND',
    name: 'Round Wall Mirror 24"',
    dimension: '62x62x4 cm',
    weightLb: 9.7,
    stock: [['newark', 0, 0]],
  },
  {
    account: 'lumen',
    sku: 'LHG-VASE-CER',
    name: 'Matte Ceramic Bud Vase Set',
    dimension: '25x15x15 cm',
    weightLb: 2.1,
    stock: [['newark', 72, 5]],
  },
  {
    account: 'lumen',
    sku: 'LHG-PILLOW-LIN',
    name: 'Linen Throw Pillow Cover 18"',
    dimension: '46x46x2 cm',
    weightLb: 0.4,
    stock: [['newark', 8, 1]],
  },
  {
    account: 'lumen',
    sku: 'LHG-RUG-JUTE',
    name: 'Hand-Woven Jute Area Rug 5x7',
    dimension: '150x30x30 cm',
    weightLb: 16.0,
    stock: [['newark', 11, 11]],
  },
  {
    account: 'lumen',
    sku: 'LHG-DIFF-ULT',
    name: 'Ultrasonic Aroma Diffuser',
    dimension: '16x16x18 cm',
    weightLb: 1.2,
    stock: [['newark', 95, 15]],
  },
  {
    account: 'lumen',
    sku: 'LHG-CLOCK-WAL',
    name: 'Minimalist Wall Clock 12"',
    dimension: '32x32x5 cm',
    weightLb: 1.8,
    stock: [],
  },
  // Peak Performance Supplements — Dallas
  {
    account: 'peak',
    sku: 'PPS-WHEY-VAN-2',
    name: 'Whey Protein Isolate Vanilla 2 lb',
    dimension: '20x13x13 cm',
    weightLb: 2.2,
    stock: [['dallas', 240, 30]],
  },
  {
    account: 'peak',
    sku: 'PPS-WHEY-CHO-2',
    name: 'Whey Protein Isolate Chocolate 2 lb',
    dimension: '20x13x13 cm',
    weightLb: 2.2,
    stock: [['dallas', 12, 5]],
  },
  {
    account: 'peak',
    sku: 'PPS-CREA-300',
    name: 'Creatine Monohydrate 300 g',
    dimension: '12x9x9 cm',
    weightLb: 0.8,
    stock: [['dallas', 150, 0]],
  },
  {
    account: 'peak',
    sku: 'PPS-PRE-BRY',
    name: 'Pre-Workout Berry Blast 30 Servings',
    dimension: '13x10x10 cm',
    weightLb: 0.9,
    stock: [['dallas', 0, 0]],
  },
  {
    account: 'peak',
    sku: 'PPS-BCAA-LEM',
    name: 'BCAA Recovery Lemonade',
    dimension: '13x10x10 cm',
    weightLb: 0.7,
    stock: [['dallas', 5, 0]],
  },
  {
    account: 'peak',
    sku: 'PPS-MULTI-90',
    name: 'Daily Multivitamin 90 Tablets',
    dimension: '10x6x6 cm',
    weightLb: 0.3,
    stock: [['dallas', 310, 40]],
  },
  {
    account: 'peak',
    sku: 'PPS-OMEGA-120',
    name: 'Omega-3 Fish Oil 120 Softgels',
    dimension: '11x6x6 cm',
    weightLb: 0.4,
    stock: [['dallas', 27, 20]],
  },
  {
    account: 'peak',
    sku: 'PPS-SHAKER-BLK',
    name: 'Leak-Proof Shaker Bottle 28 oz',
    dimension: '24x10x10 cm',
    weightLb: 0.5,
    stock: [['dallas', 66, 0]],
  },
];

/** Three rows get an extra, later movement so the detail page's history shows more than the opening balance. */
const FOLLOW_UPS: Record<string, { onHandDelta: number; reason: string }> = {
  'NW-TENT-2P': { onHandDelta: -4, reason: 'Cycle count: 4 units damaged in storage' },
  'LHG-BULB-4PK': { onHandDelta: 120, reason: 'Replenishment received from supplier' },
  'PPS-WHEY-VAN-2': { onHandDelta: -10, reason: 'Quality hold: dented containers' },
};

/**
 * A realistic catalogue for the demo accounts: ~30 products with stock in their warehouses, some low (1–10
 * available) and some out of stock, every quantity written through the ledger so history and balances agree.
 */
export async function seedDemoCatalogue(db: Database, ids: DemoCatalogueIds): Promise<void> {
  await db.transaction(async (tx) => {
    const bins = await demoBins(tx, ids);
    const inserted = await insertProducts(
      tx,
      CATALOGUE.map((item) => ({
        accountId: ids.accounts[item.account],
        sku: item.sku,
        name: item.name,
        link: `https://shop.example.com/products/${item.sku.toLowerCase()}`,
        dimension: item.dimension,
        weightLb: item.weightLb,
      })),
    );
    const productIdOf = new Map(inserted.map((row) => [row.sku, row.id]));

    for (const item of CATALOGUE) {
      for (const [warehouse, onHand, reserved] of item.stock) {
        const inventoryId = await insertInventoryRow(tx, {
          productId: productIdOf.get(item.sku)!,
          warehouseId: ids.warehouses[warehouse],
          accountId: ids.accounts[item.account],
          verified: onHand > 50,
        });
        const followUp = FOLLOW_UPS[item.sku];
        // The opening balance includes what the follow-up takes away again (or not yet what it adds).
        const opening = followUp ? onHand - followUp.onHandDelta : onHand;
        const place = bins.next(warehouse);
        await applyMovement(tx, {
          inventoryId: inventoryId,
          type: 'initial',
          onHandDelta: opening,
          reservedDelta: reserved,
          reason: 'Opening balance',
          locationId: opening > 0 ? place?.storage : null,
          userId: ids.userId,
        });
        // About a third goes on to a pick bin, as a move: the row's history shows where its units lie.
        const toPick = Math.ceil(opening / 3);
        if (place && toPick > 0) {
          await moveBetweenLocations(tx, {
            inventoryId: inventoryId,
            fromLocationId: place.storage,
            toLocationId: place.pick,
            lotId: null,
            quantity: toPick,
            reason: 'Replenish pick bin',
            userId: ids.userId,
          });
        }
        if (followUp) {
          await applyMovement(tx, {
            inventoryId: inventoryId,
            type: 'adjustment',
            onHandDelta: followUp.onHandDelta,
            reservedDelta: 0,
            reason: followUp.reason,
            userId: ids.userId,
          });
        }
      }
    }
  });
}

/**
 * Deterministic bins for the demo rows: the n-th row of a warehouse lies in a storage bin and a pick bin
 * picked by n from the demo layout (seed/demo-locations.ts), spaced so rows rarely share a bin. Totals per row stay
 * exactly the catalogue's; warehouses without a layout keep their stock in UNASSIGNED.
 */
async function demoBins(tx: Executor, ids: DemoCatalogueIds) {
  const layout = new Map<WarehouseKey, { pick: number[]; storage: number[] }>();
  for (const key of Object.keys(ids.warehouses) as WarehouseKey[]) {
    const warehouseId = ids.warehouses[key];
    layout.set(key, {
      pick: await activeLocationIdsOfType(tx, warehouseId, 'pick'),
      storage: await activeLocationIdsOfType(tx, warehouseId, 'storage'),
    });
  }
  const counts = new Map<WarehouseKey, number>();
  return {
    next(warehouse: WarehouseKey): { pick: number; storage: number } | null {
      const n = counts.get(warehouse) ?? 0;
      counts.set(warehouse, n + 1);
      const bins = layout.get(warehouse);
      if (!bins || bins.pick.length === 0 || bins.storage.length === 0) return null;
      return { pick: bins.pick[(n * 7) % bins.pick.length]!, storage: bins.storage[(n * 11) % bins.storage.length]! };
    },
  };
}
