import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import type { FileStorage } from '../files/file-storage';
import { addCustomCartonType } from '../modules/outbound/packing/packing-api';
import { insertRegisteredUser } from '../modules/platform/users/users-api';
import { seedDemoBilling } from './demo-billing';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoLocations } from './demo-locations';
import { seedDemoLots } from './demo-lots';
import { seedDemoOrders } from './demo-orders';
import { countUsers, insertAccounts, insertWarehouses, linkAccountWarehouses } from './demo-repository';
import { seedDemoShipments } from './demo-shipments';

/** The password of every demo user (README, DESIGN §8). Demo data only: never loaded unless asked or embedded. */
export const DEMO_PASSWORD = 'Password123!';

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  return (await countUsers(db)) === 0;
}

/** `storage` receives the demo label PDF (without one, the demo orders have no label). */
export async function seedDemoData(db: Database, storage?: FileStorage): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const catalogueIds = await db.transaction(async (tx) => {
    const [newark, dallas, reno] = await insertWarehouses(tx, [
      {
        name: 'Newark Fulfillment Center',
        code: 'NWK-01',
        address: '1200 Port Street',
        city: 'Newark',
        state: 'NJ',
        zipCode: '07114',
        country: 'United States',
        phone: '+1 973 555 0140',
        email: 'newark@wms.example.com',
        managerName: 'Maria Gonzalez',
        notes: 'Dock doors 1-12. Cut-off for same-day shipping 2 pm.',
      },
      {
        name: 'Dallas Distribution Hub',
        code: 'DAL-02',
        address: '4500 Logistics Parkway',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75241',
        country: 'United States',
        phone: '+1 214 555 0182',
        email: 'dallas@wms.example.com',
        managerName: 'Maria Gonzalez',
      },
      {
        name: 'Reno West Coast Warehouse',
        code: 'RNO-03',
        address: '880 Peckham Lane',
        city: 'Reno',
        state: 'NV',
        zipCode: '89502',
        country: 'United States',
        isActive: false,
        notes: 'Closed for racking upgrade until further notice.',
      },
    ]);

    const person = (name: string, email: string, role: 'super-admin' | 'admin' | 'manager' | 'client', ids: number[]) =>
      insertRegisteredUser(tx, { name, email, passwordHash, role, warehouseIds: ids });
    await person('Sarah Mitchell', 'superadmin@example.com', 'super-admin', []);
    await person('Daniel Brooks', 'admin@example.com', 'admin', []);
    const maria = await person('Maria Gonzalez', 'manager@example.com', 'manager', [newark!.id, dallas!.id]);
    const olivia = await person('Olivia Chen', 'client@example.com', 'client', [newark!.id, dallas!.id]);
    const james = await person('James Carter', 'client2@example.com', 'client', [dallas!.id]);

    const created = await insertAccounts(tx, [
      { name: 'Northwind Outdoor Co.', status: 'active', accountType: 'regular', userId: olivia },
      { name: 'Lumen Home Goods', status: 'active', accountType: 'fast', userId: olivia },
      { name: 'Peak Performance Supplements', status: 'active', accountType: 'regular', userId: james },
      { name: 'Harbor Coffee Roasters', status: 'inactive', accountType: 'regular', userId: james },
    ]);
    const [northwind, lumen, peak, harbor] = created.map((a) => a.id);
    await linkAccountWarehouses(tx, [
      { accountId: northwind!, warehouseId: newark!.id },
      { accountId: northwind!, warehouseId: dallas!.id },
      { accountId: lumen!, warehouseId: newark!.id },
      { accountId: peak!, warehouseId: dallas!.id },
      { accountId: harbor!, warehouseId: dallas!.id },
    ]);
    return {
      reno: reno!.id,
      accounts: { northwind: northwind!, lumen: lumen!, peak: peak! },
      warehouses: { newark: newark!.id, dallas: dallas!.id },
      userId: maria,
      users: { olivia, james, maria },
    };
  });
  const { newark, dallas } = catalogueIds.warehouses;
  await seedDemoLocations(db, { withLayout: [newark, dallas], all: [newark, dallas, catalogueIds.reno] });
  // Demo warehouses are inserted directly, so they get the Custom carton type warehouse creation gives.
  await db.transaction(async (tx) => {
    for (const warehouseId of [newark, dallas, catalogueIds.reno]) await addCustomCartonType(tx, warehouseId);
  });
  await seedDemoCatalogue(db, catalogueIds);
  await seedDemoLots(db, { account: catalogueIds.accounts.peak, warehouse: dallas, userId: catalogueIds.userId });
  await seedDemoShipments(db, catalogueIds);
  await seedDemoOrders(db, catalogueIds, storage);
  await seedDemoBilling(db, catalogueIds.accounts.northwind);
}
