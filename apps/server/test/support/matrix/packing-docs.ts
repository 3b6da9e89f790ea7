import { expect } from 'vitest';
import { type Caller, type MatrixEntry, only } from '../authorization-matrix';
import { png } from '../images';
import { multipart } from '../multipart';
import { closedCartonOrder } from '../packing-documents';
import type { TestContext } from '../test-app';

/**
 * REAL rows of Alpha for the packing documents, stations and printer networks: a packed order of Cleo's account with
 * two closed cartons, a browser station, one printer network per caller allowed to remove one (a delete consumes
 * it), and a logo on Nell's account. Writes carry valid bodies the service refuses (a printer outside the networks,
 * a metadata range, a browser station), so every caller the permission and scope let through gets the same 422.
 */
const rows = { order: 0, carton: 0, station: 0, networks: {} as Partial<Record<Caller, number>>, anyNetwork: 0 };

const remover = ['superAdmin', 'admin', 'manager'] as const;

export async function seedPackingDocsMatrixRows(ctx: TestContext): Promise<void> {
  const alpha = ctx.world.warehouses.alpha;
  const packed = await closedCartonOrder(ctx, ctx.world.accounts.clientActive, alpha);
  rows.order = packed.order.id;
  rows.carton = packed.cartons[0]!.id;
  const station = await ctx.as('admin', {
    method: 'POST',
    url: `/api/warehouses/${alpha}/packing-stations`,
    payload: { name: 'Matrix bench' },
  });
  expect(station.statusCode, station.body).toBe(201);
  rows.station = station.json().data.id;
  for (const [i, caller] of remover.entries()) {
    const network = await ctx.as('admin', {
      method: 'POST',
      url: `/api/warehouses/${alpha}/printer-networks`,
      payload: { cidr: `10.${200 + i}.0.0/16` },
    });
    expect(network.statusCode, network.body).toBe(201);
    rows.networks[caller] = network.json().data.id;
  }
  rows.anyNetwork = rows.networks.admin!;
  const logo = await ctx.as('admin', {
    method: 'PUT',
    url: `/api/accounts/${ctx.world.accounts.neighbourActive}/logo`,
    ...multipart({}, { field: 'logo', filename: 'logo.png', content: png(20, 20), contentType: 'image/png' }),
  });
  expect(logo.statusCode, logo.body).toBe(200);
}

const staff = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const alphaStaff = (ok: number) => only(staff, ok, { otherManager: 404 });
/** Staff who pack (Beta's manager meets Alpha's rows: 404) and the order's own client; other clients 404. */
const orderReaders = (ok: number) =>
  only([...staff, 'client', 'otherClient', 'neighbourClient'], ok, {
    otherManager: 404,
    otherClient: 404,
    neighbourClient: 404,
  });

export const packingDocsMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/orders/:id/packing-slip',
    request: () => ({ method: 'GET', url: `/api/orders/${rows.order}/packing-slip` }),
    expect: orderReaders(200),
  },
  {
    // The order's parcels: whoever may see the order (its client users too), like its packing slip.
    route: 'GET /api/orders/:id/cartons',
    request: () => ({ method: 'GET', url: `/api/orders/${rows.order}/cartons` }),
    expect: orderReaders(200),
  },
  {
    route: 'GET /api/cartons/:id/label',
    request: () => ({ method: 'GET', url: `/api/cartons/${rows.carton}/label?format=zpl` }),
    expect: orderReaders(200),
  },
  {
    route: 'GET /api/warehouses/:id/packing-stations',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.alpha}/packing-stations` }),
    expect: alphaStaff(200),
  },
  {
    route: 'POST /api/warehouses/:id/packing-stations',
    request: (w) => ({
      method: 'POST',
      url: `/api/warehouses/${w.warehouses.alpha}/packing-stations`,
      payload: { name: 'Matrix printer', output: 'printer', printer_host: '10.99.0.1' },
    }),
    expect: alphaStaff(422),
  },
  {
    route: 'PUT /api/packing-stations/:id',
    request: () => ({
      method: 'PUT',
      url: `/api/packing-stations/${rows.station}`,
      payload: { name: 'Matrix bench', output: 'printer', printer_host: '10.99.0.1' },
    }),
    expect: alphaStaff(422),
  },
  {
    // Before the station's deactivation below: a browser station answers 422.
    route: 'POST /api/packing-stations/:id/print',
    request: () => ({
      method: 'POST',
      url: `/api/packing-stations/${rows.station}/print`,
      payload: { document: 'packing_slip', order_id: rows.order },
    }),
    expect: alphaStaff(422),
  },
  {
    // Deactivating twice answers the same.
    route: 'DELETE /api/packing-stations/:id',
    request: () => ({ method: 'DELETE', url: `/api/packing-stations/${rows.station}` }),
    expect: alphaStaff(200),
  },
  {
    route: 'GET /api/warehouses/:id/printer-networks',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.alpha}/printer-networks` }),
    expect: alphaStaff(200),
  },
  {
    route: 'POST /api/warehouses/:id/printer-networks',
    request: (w) => ({
      method: 'POST',
      url: `/api/warehouses/${w.warehouses.alpha}/printer-networks`,
      payload: { cidr: '169.254.169.254/32' },
    }),
    expect: alphaStaff(422),
  },
  {
    route: 'DELETE /api/printer-networks/:id',
    request: (_w, caller) => ({
      method: 'DELETE',
      url: `/api/printer-networks/${rows.networks[caller] ?? rows.anyNetwork}`,
    }),
    expect: alphaStaff(200),
  },
  {
    // Nell's logo: staff who see the account and Nell herself; Cleo (same warehouse) and Otto get 404.
    route: 'GET /api/accounts/:id/logo',
    request: (w) => ({ method: 'GET', url: `/api/accounts/${w.accounts.neighbourActive}/logo` }),
    expect: only([...staff, 'client', 'otherClient', 'neighbourClient'], 200, {
      otherManager: 404,
      client: 404,
      otherClient: 404,
    }),
  },
  {
    // Not an image: 415 for whoever may edit Cleo's account; managers cannot edit accounts.
    route: 'PUT /api/accounts/:id/logo',
    request: (w) => ({
      method: 'PUT',
      url: `/api/accounts/${w.accounts.clientActive}/logo`,
      ...multipart({}, { field: 'logo', filename: 'logo.png', content: Buffer.from('not an image') }),
    }),
    expect: only(['superAdmin', 'admin', 'client', 'otherClient', 'neighbourClient'], 415, {
      otherClient: 404,
      neighbourClient: 404,
    }),
  },
  {
    // Cleo's account has no logo: 404 for whoever may edit it, as for those who may not see it.
    route: 'DELETE /api/accounts/:id/logo',
    request: (w) => ({ method: 'DELETE', url: `/api/accounts/${w.accounts.clientActive}/logo` }),
    expect: only(['superAdmin', 'admin', 'client', 'otherClient', 'neighbourClient'], 404),
  },
];
