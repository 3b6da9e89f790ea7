import { readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { activity } from '../src/db/schema/activity';
import { activityOf } from './support/activity';
import { multipart } from './support/multipart';
import { readRows, sheetFile } from './support/spreadsheets';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
let alpha: number;
let beta: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ alpha, beta } = ctx.world.warehouses);
});
afterAll(() => ctx.close());

const create = (warehouseId: number, payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'POST', url: `/api/warehouses/${warehouseId}/locations`, payload });
const list = (warehouseId: number, query = '', actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'GET', url: `/api/warehouses/${warehouseId}/locations${query}` });
const generate = (warehouseId: number, payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'POST', url: `/api/warehouses/${warehouseId}/locations/generate`, payload });
const labels = (payload: Record<string, unknown>, actor: Actor = 'admin') =>
  ctx.as(actor, { method: 'POST', url: '/api/locations/labels', payload });

describe('locations: create, read, update, delete', () => {
  let id: number;

  it('creates a location with defaults, empty, and records the event for its warehouse', async () => {
    const res = await create(alpha, { code: 'A-01-03-B', zone: 'A', aisle: '01', rack: '03', bin: 'B' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Location created successfully',
      location: {
        code: 'A-01-03-B',
        zone: 'A',
        aisle: '01',
        level: null,
        type: 'storage',
        is_active: true,
        walk_sequence: null,
        max_units: null,
        units_held: 0,
        products_held: 0,
        warehouse_id: alpha,
      },
    });
    id = res.json().location.id;
    const [event] = await activityOf(ctx.handle.db, 'location', id);
    expect(event).toMatchObject({ kind: 'location.created', warehouseIds: [alpha] });
  });

  it('answers field messages for invalid input', async () => {
    const res = await create(alpha, { code: 'A 01!', zone: '', type: 'attic', max_units: 0, walk_sequence: -1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      code: ['The code may only hold letters, digits and . _ / - (it is printed as a barcode).'],
      zone: ['The zone is required.'],
      type: ['The type must be one of: receiving, storage, pick, packing, staging, quarantine.'],
      max_units: ['The maximum units must be a whole number from 1 to 2147483647.'],
      walk_sequence: ['The walk sequence must be a whole number from 0 to 2147483647.'],
    });
  });

  it('refuses a code the warehouse already has (any case), but another warehouse may reuse it', async () => {
    const taken = await create(alpha, { code: 'a-01-03-b', zone: 'A' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.code).toEqual(['This code is already used by another location of this warehouse.']);
    expect((await create(beta, { code: 'A-01-03-B', zone: 'A' })).statusCode).toBe(201);
  });

  it('updates and deactivates through PUT, each a typed event', async () => {
    const put = (payload: Record<string, unknown>) =>
      ctx.as('admin', { method: 'PUT', url: `/api/locations/${id}`, payload });
    const base = { code: 'A-01-03-B', zone: 'A', type: 'pick', max_units: 40, notes: 'Fast movers' };
    expect((await put(base)).statusCode).toBe(422); // is_active must be sent
    const updated = await put({ ...base, is_active: true });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().location).toMatchObject({ type: 'pick', max_units: 40, notes: 'Fast movers' });
    const off = await put({ ...base, is_active: false });
    expect(off.json().location.is_active).toBe(false);
    const kinds = (await activityOf(ctx.handle.db, 'location', id)).map((e) => e.kind);
    expect(kinds.slice(0, 2)).toEqual(['location.status_changed', 'location.updated']);
  });

  it('deletes an empty location', async () => {
    const res = await ctx.as('admin', { method: 'DELETE', url: `/api/locations/${id}` });
    expect(res.statusCode).toBe(200);
    expect((await ctx.as('admin', { method: 'GET', url: `/api/locations/${id}` })).statusCode).toBe(404);
    const [event] = await activityOf(ctx.handle.db, 'location', id);
    expect(event?.kind).toBe('location.deleted');
  });
});

describe('locations: permission and scope', () => {
  let betaLocation: number;
  beforeAll(async () => {
    betaLocation = (await create(beta, { code: 'SCOPE-1', zone: 'S' })).json().location.id;
  });

  it('lets a manager work in their own warehouse only: the other warehouse and its real ids answer 404', async () => {
    expect((await create(alpha, { code: 'M-1', zone: 'M' }, 'manager')).statusCode).toBe(201);
    expect((await list(alpha, '', 'manager')).statusCode).toBe(200);
    expect((await list(beta, '', 'manager')).statusCode).toBe(404);
    expect((await create(beta, { code: 'M-2', zone: 'M' }, 'manager')).statusCode).toBe(404);
    expect((await generate(beta, { zone: 'M', aisles: { from: '1', to: '2' } }, 'manager')).statusCode).toBe(404);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await ctx.as('manager', { method, url: `/api/locations/${betaLocation}` })).statusCode).toBe(404);
    }
    const put = await ctx.as('manager', {
      method: 'PUT',
      url: `/api/locations/${betaLocation}`,
      payload: { code: 'HIJACK', zone: 'S', is_active: true },
    });
    expect(put.statusCode).toBe(404);
    expect((await labels({ ids: [betaLocation] }, 'manager')).statusCode).toBe(404);
    expect((await labels({ warehouse_id: beta, zone: 'S' }, 'manager')).statusCode).toBe(404);
    // Beta's manager reaches it.
    expect((await ctx.as('otherManager', { method: 'GET', url: `/api/locations/${betaLocation}` })).statusCode).toBe(
      200,
    );
    const still = await ctx.as('admin', { method: 'GET', url: `/api/locations/${betaLocation}` });
    expect(still.json().location.code).toBe('SCOPE-1');
  });

  it('refuses clients (no locations permission)', async () => {
    expect((await list(alpha, '', 'client')).statusCode).toBe(403);
    expect((await create(alpha, { code: 'C-1', zone: 'C' }, 'client')).statusCode).toBe(403);
  });
});

describe('locations: generate by pattern', () => {
  const pattern = {
    zone: 'g',
    aisles: { from: '01', to: '03' },
    racks: { from: '1', to: '4' },
    levels: { from: 'A', to: 'C' },
    bins: { from: '1', to: '2' },
  };

  it('previews the count and the first codes without writing', async () => {
    const res = await generate(alpha, { ...pattern, preview: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(3 * 4 * 3 * 2);
    expect(res.json().codes.slice(0, 3)).toEqual(['G-01-1-A-1', 'G-01-1-A-2', 'G-01-1-B-1']);
    expect((await list(alpha, '?zone=G')).json().meta.total).toBe(0);
  });

  it('creates every location in one go, listed in walk order and filterable', async () => {
    const res = await generate(alpha, { ...pattern, type: 'pick' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ count: 72, message: '72 locations generated' });
    const page = (await list(alpha, '?zone=G&type=pick&per_page=25')).json();
    expect(page.meta.total).toBe(72);
    expect(page.zones).toContain('G');
    expect(page.data[0]).toMatchObject({ code: 'G-01-1-A-1', aisle: '01', rack: '1', level: 'A', bin: '1' });
    expect((await list(alpha, '?search=02-4-c')).json().data.map((l: { code: string }) => l.code)).toEqual([
      'G-02-4-C-1',
      'G-02-4-C-2',
    ]);
    expect((await list(alpha, '?zone=G&occupancy=empty')).json().meta.total).toBe(72);
    expect((await list(alpha, '?zone=G&occupancy=occupied')).json().meta.total).toBe(0);
    expect((await list(alpha, '?zone=G&type=storage')).json().meta.total).toBe(0);
    const first = page.data[0];
    const off = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/locations/${first.id}`,
      payload: { code: first.code, zone: first.zone, type: first.type, is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const inactive = (await list(alpha, '?zone=G&is_active=false')).json();
    expect(inactive.data.map((l: { code: string }) => l.code)).toEqual(['G-01-1-A-1']);
    const active = (await list(alpha, '?zone=G&is_active=true')).json();
    expect(active.meta.total).toBe(71);
    expect(active.data.map((l: { code: string }) => l.code)).not.toContain('G-01-1-A-1');
    const events = await ctx.handle.db.select().from(activity).where(eq(activity.kind, 'locations.generated'));
    expect(events.at(-1)).toMatchObject({ warehouseIds: [alpha] });
  });

  it('refuses the whole batch when any code exists, naming the clashing codes', async () => {
    const res = await generate(alpha, {
      zone: 'G',
      aisles: { from: '03', to: '04' },
      racks: { from: '4', to: '5' },
      levels: { from: 'C', to: 'C' },
      bins: { from: '2', to: '2' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('1 of these codes already exist in this warehouse: G-03-4-C-2.');
    expect((await list(alpha, '?search=G-04')).json().meta.total).toBe(0);
  });

  it('refuses more than 20 000 at once and invalid ranges', async () => {
    const tooMany = await generate(alpha, {
      zone: 'Z',
      aisles: { from: '1', to: '100' },
      racks: { from: '1', to: '201' },
      preview: true,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.aisles).toEqual([
      'These ranges make 20,100 locations; generate at most 20,000 at once.',
    ]);
    const bad = await generate(alpha, { zone: 'Z', aisles: { from: '5', to: '1' }, racks: { from: 'A', to: '3' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['aisles', 'racks']);
  });

  it('generates 20 000 locations in one request', async () => {
    const started = performance.now();
    const res = await generate(beta, {
      zone: 'BIG',
      aisles: { from: '1', to: '100' },
      racks: { from: '1', to: '200' },
    });
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().count).toBe(20_000);
    expect((await list(beta, '?zone=BIG')).json().meta.total).toBe(20_000);
    console.info(`generate 20 000 locations: ${seconds.toFixed(2)} s`);
  });
});

describe('locations: labels PDF', () => {
  const pageCount = async (body: Buffer) => (await PDFDocument.load(body)).getPageCount();

  it('prints one 4×6 label per page for a selection', async () => {
    const ids = (await list(alpha, '?zone=G&per_page=25'))
      .json()
      .data.slice(0, 3)
      .map((l: { id: number }) => l.id);
    const res = await labels({ ids, layout: '4x6' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    const { width, height } = pdf.getPage(0).getSize();
    expect([width, height]).toEqual([288, 432]);
  });

  it('prints a whole zone on 3×8 sheets (72 labels: three pages)', async () => {
    const a4 = await labels({ warehouse_id: alpha, zone: 'G', layout: 'sheet-a4' });
    expect(a4.statusCode).toBe(200);
    expect(await pageCount(a4.rawPayload)).toBe(3);
    const letter = await labels({ warehouse_id: alpha, zone: 'G', layout: 'sheet-letter' });
    const pdf = await PDFDocument.load(letter.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('asks for a selection or a zone', async () => {
    const res = await labels({ layout: '4x6' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.ids).toEqual(['Choose the locations to print: a selection or a zone.']);
    const none = await labels({ warehouse_id: alpha, zone: 'NOPE' });
    expect(none.json().errors.zone).toEqual(['No location matches this selection.']);
  });
});

describe('locations: spreadsheet import and export', () => {
  const HEADER = [
    'Code',
    'Zone',
    'Aisle',
    'Rack',
    'Level',
    'Bin',
    'Type',
    'Walk Sequence',
    'Max Units',
    'Active',
    'Notes',
  ];
  const upload = (rows: unknown[][], actor: Actor = 'admin', warehouseId = alpha) =>
    ctx.as(actor, {
      method: 'POST',
      url: `/api/warehouses/${warehouseId}/locations/import`,
      ...multipart({}, { filename: 'locations.xlsx', content: sheetFile([HEADER, ...rows], 'xlsx') }),
    });

  it('imports nothing when any row is bad, and reports every bad row at once', async () => {
    const res = await upload([
      ['IMP-1', 'I', '', '', '', '', 'pick', '', '', 'Yes', ''],
      ['', 'I', '', '', '', '', '', '', '', '', ''],
      ['IMP-3', 'I', '', '', '', '', 'attic', 'x', '', 'maybe', ''],
      ['imp-1', 'I', '', '', '', '', '', '', '', '', ''],
      ['G-01-1-A-1', 'G', '', '', '', '', '', '', '', '', ''],
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Nothing was imported: 4 rows need fixing.',
      errors: {
        file: [
          'Row 3: The location code is required.',
          'Row 4: Active must be Yes or No.; Walk Sequence must be a whole number.; The type must be one of: receiving, storage, pick, packing, staging, quarantine.',
          'Row 5: The code imp-1 is already on row 2.',
          'Row 6: The code G-01-1-A-1 already exists in this warehouse.',
        ],
      },
    });
    expect((await list(alpha, '?zone=I')).json().meta.total).toBe(0);
  });

  it('imports every row of a good file in one go', async () => {
    const res = await upload([
      ['IMP-1', 'I', '1', '', '', '', 'Pick', '5', '30', 'Yes', 'By the door'],
      ['IMP-2', 'I', '1', '', '', '', '', '', '', 'No', ''],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: '2 locations imported', imported_count: 2 });
    const rows = (await list(alpha, '?zone=I')).json().data;
    expect(rows).toMatchObject([
      { code: 'IMP-1', type: 'pick', walk_sequence: 5, max_units: 30, is_active: true, notes: 'By the door' },
      { code: 'IMP-2', type: 'storage', is_active: false },
    ]);
  });

  it('exports the warehouse locations with the import columns, and a template; managers stay in scope', async () => {
    const res = await ctx.as('admin', { method: 'GET', url: `/api/warehouses/${alpha}/locations/export?format=xlsx` });
    expect(res.statusCode).toBe(200);
    const rows = readRows(res.rawPayload);
    expect(rows[0]).toEqual([...HEADER, 'Units Held', 'Products Held']);
    expect(rows.some((r) => r[0] === 'IMP-1')).toBe(true);
    const template = await ctx.as('admin', { method: 'GET', url: '/api/locations/template' });
    expect(readRows(template.rawPayload)[0]).toEqual(HEADER);
    expect((await upload([['X-1', 'X']], 'manager', beta)).statusCode).toBe(404);
    const leak = await ctx.as('manager', { method: 'GET', url: `/api/warehouses/${beta}/locations/export` });
    expect(leak.statusCode).toBe(404);
  });
});

describe('locations: permissions of existing installations', () => {
  it('the migration grants the new permissions to existing super-admin, admin and manager roles, not clients', async () => {
    const { db } = ctx.handle;
    const names = ['view locations', 'create locations', 'edit locations', 'delete locations'];
    const ids = (await db.select().from(permissions).where(inArray(permissions.name, names))).map((p) => p.id);
    await db.delete(rolePermissions).where(inArray(rolePermissions.permissionId, ids));
    const migration = readFileSync(new URL('../src/db/migrations/0014_locations.sql', import.meta.url), 'utf8');
    const grants = migration.slice(migration.indexOf('-- Roles are data')).split('--> statement-breakpoint');
    for (const statement of grants) await db.execute(sql.raw(statement));
    const granted = await db
      .select({ role: roles.name, permission: permissions.name })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), inArray(permissions.id, ids)));
    const byRole = (role: string) =>
      granted
        .filter((g) => g.role === role)
        .map((g) => g.permission)
        .sort();
    expect(byRole('admin')).toEqual([...names].sort());
    expect(byRole('manager')).toEqual([...names].sort());
    expect(byRole('super-admin')).toEqual([...names].sort());
    expect(byRole('client')).toEqual([]);
  });
});
