import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packingStations, printerNetworks } from '../src/db/schema/packing';
import { drawCode128 } from '../src/modules/floor/locations/locations-api';
import { activityOf } from './support/activity';
import { zplSymbols } from './support/barcode-symbols';
import { multipart } from './support/multipart';
import { addCarton, closedCartonOrder } from './support/packing-documents';
import { closedPort, type PrinterListener, startPrinterListener } from './support/printer-listener';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * Packing stations, the printer allow-list and printing at a station, through the real app. Printers are local TCP
 * listeners on 127.0.0.1 (the installation's development setting lets 127.0.0.1/32 be allow-listed); the private
 * addresses below are only ever checked against lists, never connected to.
 */
let ctx: TestContext;
let printer: PrinterListener;
beforeAll(async () => {
  ctx = await createTestContext({ PRINTER_ALLOW_LOOPBACK: 'true', PRINTER_TIMEOUT_MS: '2000' });
  printer = await startPrinterListener();
});
afterAll(async () => {
  await printer.close();
  await ctx.close();
});

const addNetwork = (actor: 'admin' | 'manager' | 'otherManager' | 'client', warehouseId: number, cidr: string) =>
  ctx.as(actor, {
    method: 'POST',
    url: `/api/warehouses/${warehouseId}/printer-networks`,
    payload: { cidr, note: 'bench LAN' },
  });

const createStation = (
  actor: 'admin' | 'manager' | 'otherManager',
  warehouseId: number,
  payload: Record<string, unknown>,
) => ctx.as(actor, { method: 'POST', url: `/api/warehouses/${warehouseId}/packing-stations`, payload });

const stationsIn = (warehouseId: number) =>
  ctx.handle.db.select().from(packingStations).where(eq(packingStations.warehouseId, warehouseId));
const networksIn = (warehouseId: number) =>
  ctx.handle.db.select().from(printerNetworks).where(eq(printerNetworks.warehouseId, warehouseId));

describe('printer networks', () => {
  it('an admin allow-lists a LAN, stored normalised, with its creator and an activity event', async () => {
    const res = await addNetwork('admin', ctx.world.warehouses.alpha, '10.20.3.4/16');
    expect(res.statusCode, res.body).toBe(201);
    const network = res.json().data;
    expect(network).toMatchObject({ cidr: '10.20.0.0/16', note: 'bench LAN', created_by: { name: 'Ada Admin' } });
    const list = await ctx.as('manager', {
      method: 'GET',
      url: `/api/warehouses/${ctx.world.warehouses.alpha}/printer-networks`,
    });
    expect(list.json().data.map((n: { cidr: string }) => n.cidr)).toContain('10.20.0.0/16');
    const [event] = await activityOf(ctx.handle.db, 'printer_network', network.id);
    expect(event).toMatchObject({ kind: 'printer_network.added' });
    // The same network again is refused on its field.
    const again = await addNetwork('admin', ctx.world.warehouses.alpha, '10.20.0.0/16');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.cidr).toEqual(['This network is already on the list.']);
  });

  it.each(['169.254.169.254/32', '0.0.0.0/0', 'fe80::/64', 'not a network'])(
    'refuses %s on the cidr field and stores nothing',
    async (cidr) => {
      const before = await networksIn(ctx.world.warehouses.beta);
      const res = await addNetwork('admin', ctx.world.warehouses.beta, cidr);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cidr).toHaveLength(1);
      expect(await networksIn(ctx.world.warehouses.beta)).toEqual(before);
    },
  );

  it('managers reach only their warehouses (404 elsewhere, nothing removed); clients are refused', async () => {
    const beta = await addNetwork('otherManager', ctx.world.warehouses.beta, '192.168.50.0/24');
    expect(beta.statusCode, beta.body).toBe(201);
    expect((await addNetwork('manager', ctx.world.warehouses.beta, '192.168.60.0/24')).statusCode).toBe(404);
    expect((await addNetwork('client', ctx.world.warehouses.alpha, '192.168.70.0/24')).statusCode).toBe(403);
    const id = beta.json().data.id;
    expect((await ctx.as('manager', { method: 'DELETE', url: `/api/printer-networks/${id}` })).statusCode).toBe(404);
    expect((await networksIn(ctx.world.warehouses.beta)).map((n) => n.id)).toContain(id);
    const removed = await ctx.as('otherManager', { method: 'DELETE', url: `/api/printer-networks/${id}` });
    expect(removed.statusCode).toBe(200);
    expect((await networksIn(ctx.world.warehouses.beta)).map((n) => n.id)).not.toContain(id);
  });
});

describe('packing stations', () => {
  it('a printer station needs an address inside the allow-list; outside it nothing is stored', async () => {
    const alpha = ctx.world.warehouses.alpha;
    await addNetwork('admin', alpha, '10.40.0.0/16');
    const before = await stationsIn(alpha);
    for (const [host, message] of [
      [null, 'Enter the printer address.'],
      ['10.99.0.5', 'This printer address is outside the warehouse’s printer networks.'],
      ['169.254.169.254', 'This printer address is outside the warehouse’s printer networks.'],
      ['bad host!', 'Enter the printer’s IP address.'],
    ] as const) {
      const res = await createStation('admin', alpha, { name: 'Bench X', output: 'printer', printer_host: host });
      expect(res.statusCode, String(host)).toBe(422);
      expect(res.json().errors.printer_host).toEqual([message]);
    }
    expect(await stationsIn(alpha)).toEqual(before);
    const ok = await createStation('admin', alpha, { name: 'Bench 1', output: 'printer', printer_host: '10.40.1.20' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({
      name: 'Bench 1',
      output: 'printer',
      printer_host: '10.40.1.20',
      printer_port: 9100,
      active: true,
    });
    const taken = await createStation('manager', alpha, { name: 'bench 1' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual(['This warehouse already has a station with this name.']);
  });

  it('packers list, managers edit only their warehouses, clients are refused; deactivated stations drop out', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const created = await createStation('manager', alpha, { name: 'Bench browser' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const url = `/api/packing-stations/${id}`;
    const other = await ctx.as('otherManager', { method: 'PUT', url, payload: { name: 'Stolen' } });
    expect(other.statusCode).toBe(404);
    expect((await stationsIn(alpha)).find((s) => s.id === id)?.name).toBe('Bench browser');
    expect(
      (await ctx.as('client', { method: 'GET', url: `/api/warehouses/${alpha}/packing-stations` })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.as('otherManager', { method: 'GET', url: `/api/warehouses/${alpha}/packing-stations` })).statusCode,
    ).toBe(404);
    const renamed = await ctx.as('manager', { method: 'PUT', url, payload: { name: 'Bench B' } });
    expect(renamed.json().data.name).toBe('Bench B');
    expect((await ctx.as('manager', { method: 'DELETE', url })).statusCode).toBe(200);
    const listed = await ctx.as('manager', { method: 'GET', url: `/api/warehouses/${alpha}/packing-stations` });
    expect(listed.json().data.map((s: { id: number }) => s.id)).not.toContain(id);
    const all = await ctx.as('manager', {
      method: 'GET',
      url: `/api/warehouses/${alpha}/packing-stations?include_inactive=true`,
    });
    expect(all.json().data.find((s: { id: number }) => s.id === id)).toMatchObject({ active: false });
    const kinds = (await activityOf(ctx.handle.db, 'packing_station', id)).map((e) => e.kind);
    expect(kinds.sort()).toEqual(['packing_station.created', 'packing_station.deactivated', 'packing_station.updated']);
  });
});

describe('printing at a station', () => {
  let stationId: number;
  let networkId: number;
  beforeAll(async () => {
    const alpha = ctx.world.warehouses.alpha;
    networkId = (await addNetwork('admin', alpha, '127.0.0.1/32')).json().data.id;
    const res = await createStation('admin', alpha, {
      name: 'Zebra bench',
      output: 'printer',
      printer_host: '127.0.0.1',
      printer_port: printer.port,
    });
    expect(res.statusCode, res.body).toBe(201);
    stationId = res.json().data.id;
  });

  const print = (
    payload: Record<string, unknown>,
    actor: 'admin' | 'manager' | 'otherManager' | 'client' = 'manager',
    station = stationId,
  ) => ctx.as(actor, { method: 'POST', url: `/api/packing-stations/${station}/print`, payload });

  it('sends the carton label as ZPL to the printer, whose render decodes to the SSCC as GS1-128', async () => {
    const { order, cartons } = await closedCartonOrder(
      ctx,
      ctx.world.accounts.clientActive,
      ctx.world.warehouses.alpha,
    );
    const res = await print({ document: 'carton_label', order_id: order.id, carton_id: cartons[1]!.id });
    expect(res.statusCode, res.body).toBe(200);
    const job = (await printer.received()).toString('utf8');
    expect(res.json()).toEqual({ message: 'Sent the carton label to the printer.', bytes: Buffer.byteLength(job) });
    expect(job).toContain('2 of 2');
    expect(await zplSymbols(job)).toEqual([[{ type: 'CODE-128', data: `00${cartons[1]!.sscc}`, gs1: true }]]);
  });

  it('sends the packing slip as ZPL, whose first label decodes to the order number', async () => {
    const { order } = await closedCartonOrder(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
    const res = await print({ document: 'packing_slip', order_id: order.id });
    expect(res.statusCode, res.body).toBe(200);
    const labels = await zplSymbols((await printer.received()).toString('utf8'));
    expect(labels[0]).toEqual([{ type: 'CODE-128', data: order.orderNumber, gs1: false }]);
  });

  it('rasterises the order’s uploaded shipping label into a ZPL graphic whose tracking barcode still decodes', async () => {
    const { order } = await closedCartonOrder(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
    const none = await print({ document: 'shipping_label', order_id: order.id });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.document).toEqual(['This order has no shipping label.']);
    // A carrier's 4×6 label: a tracking number as Code 128 across most of its width.
    const label = await PDFDocument.create();
    const page = label.addPage([288, 432]);
    drawCode128(page, '1Z999AA10123456784', { x: 14, y: 200, width: 260, height: 90 });
    const uploaded = await ctx.as('manager', {
      method: 'POST',
      url: `/api/orders/${order.id}/labels`,
      ...multipart(
        { label_name: 'UPS ground', tracking_number: '1Z999AA10123456784', carrier: 'UPS' },
        {
          field: 'label_file',
          filename: 'ups.pdf',
          content: Buffer.from(await label.save()),
          contentType: 'application/pdf',
        },
      ),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const res = await print({ document: 'shipping_label', order_id: order.id });
    expect(res.statusCode, res.body).toBe(200);
    const job = (await printer.received()).toString('utf8');
    expect(job).toMatch(/^\^XA\^PW812\^LL1218\^FO0,0\^GFA,/);
    expect(await zplSymbols(job)).toEqual([[{ type: 'CODE-128', data: '1Z999AA10123456784', gs1: false }]]);
  });

  it('refuses without sending: open carton, other warehouse, browser station, out of scope, client', async () => {
    const alpha = ctx.world.warehouses.alpha;
    const { order, cartons } = await closedCartonOrder(ctx, ctx.world.accounts.clientActive, alpha);
    const open = await addCarton(ctx, order.id, alpha, null);
    const sent = printer.count();
    const openLabel = await print({ document: 'carton_label', order_id: order.id, carton_id: open });
    expect(openLabel.statusCode).toBe(422);
    expect(openLabel.json().errors.carton).toEqual(['Close the carton before printing its label.']);
    const betaOrder = await closedCartonOrder(ctx, ctx.world.accounts.otherClient, ctx.world.warehouses.beta);
    const elsewhere = await print({ document: 'packing_slip', order_id: betaOrder.order.id }, 'admin');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.order_id).toHaveLength(1);
    const browser = (await createStation('admin', alpha, { name: 'Browser bench' })).json().data.id;
    const inBrowser = await print({ document: 'packing_slip', order_id: order.id }, 'admin', browser);
    expect(inBrowser.statusCode).toBe(422);
    expect(inBrowser.json().message).toBe('This station prints in the browser.');
    expect((await print({ document: 'packing_slip', order_id: order.id }, 'otherManager')).statusCode).toBe(404);
    expect(
      (await print({ document: 'carton_label', order_id: order.id, carton_id: cartons[0]!.id }, 'client')).statusCode,
    ).toBe(403);
    expect(printer.count()).toBe(sent);
  });

  it('a printer that does not answer is a 502 naming it', async () => {
    const port = await closedPort();
    const res = await createStation('admin', ctx.world.warehouses.alpha, {
      name: 'Dead Zebra',
      output: 'printer',
      printer_host: '127.0.0.1',
      printer_port: port,
    });
    const { order } = await closedCartonOrder(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
    const dead = await print({ document: 'packing_slip', order_id: order.id }, 'admin', res.json().data.id);
    expect(dead.statusCode).toBe(502);
    expect(dead.json()).toEqual({ message: `The printer at 127.0.0.1:${port} did not answer.` });
  });

  it('removing the network closes the printer at once: the next print is refused and nothing is sent', async () => {
    const { order } = await closedCartonOrder(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
    expect((await ctx.as('admin', { method: 'DELETE', url: `/api/printer-networks/${networkId}` })).statusCode).toBe(
      200,
    );
    const sent = printer.count();
    const res = await print({ document: 'packing_slip', order_id: order.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.printer_host).toEqual([
      'This printer address is outside the warehouse’s printer networks.',
    ]);
    expect(printer.count()).toBe(sent);
  });
});
