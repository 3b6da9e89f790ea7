import { PERMISSIONS } from '@wms/contract/access';
import { describe, expect, it } from 'vitest';
import { canEditRole, GOVERNED_BY, matrixRows, togglePermission } from './permission-matrix';

describe('matrixRows', () => {
  it('makes one row per resource, in the server order, plus the roles row', () => {
    const rows = matrixRows(PERMISSIONS);
    expect(rows.map((row) => row.resource)).toEqual([
      'users',
      'accounts',
      'shippers',
      'products',
      'inventories',
      'statuses',
      'orders',
      'inquiries',
      'shipments',
      'warehouses',
      'locations',
      'webhooks',
      'roles',
      'api keys',
      // 'manage billing' is the edit cell of a Billing row; 'view invoices' has its own row.
      'billing',
      'invoices',
      'cycle counts',
      'picking',
      'packing',
      'replenishment',
      'returns',
      'kits',
    ]);
    expect(rows[0]?.cells).toEqual({
      view: 'view users',
      create: 'create users',
      edit: 'edit users',
      delete: 'delete users',
    });
  });

  it('places approve cycle counts in the edit cell of the Cycle counts row', () => {
    const counts = matrixRows(PERMISSIONS).find((row) => row.resource === 'cycle counts');
    expect(counts?.cells).toEqual({
      view: 'view cycle counts',
      create: 'create cycle counts',
      edit: 'approve cycle counts',
      delete: null,
    });
  });

  it('places receive returns in the edit cell of the Returns row', () => {
    const returns = matrixRows(PERMISSIONS).find((row) => row.resource === 'returns');
    expect(returns?.cells).toEqual({
      view: 'view returns',
      create: 'create returns',
      edit: 'receive returns',
      delete: null,
    });
  });

  it('places assemble kits in the edit cell of the Kits row', () => {
    const kits = matrixRows(PERMISSIONS).find((row) => row.resource === 'kits');
    expect(kits?.label).toBe('Kits');
    expect(kits?.cells).toEqual({ view: null, create: null, edit: 'assemble kits', delete: null });
  });

  it('places manage replenishment and replenish in the Replenishment row (create and edit)', () => {
    const replenishment = matrixRows(PERMISSIONS).find((row) => row.resource === 'replenishment');
    expect(replenishment?.cells).toEqual({
      view: 'view replenishment',
      create: 'manage replenishment',
      edit: 'replenish',
      delete: null,
    });
  });

  it('places manage packing stations and pack in the Packing row (create and edit)', () => {
    const packing = matrixRows(PERMISSIONS).find((row) => row.resource === 'packing');
    expect(packing?.cells).toEqual({ view: null, create: 'manage packing stations', edit: 'pack', delete: null });
  });

  it('places release waves and pick in the Picking row (create and edit)', () => {
    const picking = matrixRows(PERMISSIONS).find((row) => row.resource === 'picking');
    expect(picking?.cells).toEqual({ view: 'view picking', create: 'release waves', edit: 'pick', delete: null });
  });

  it('leaves the cells a resource does not have empty (roles: view only)', () => {
    const roles = matrixRows(PERMISSIONS).find((row) => row.resource === 'roles');
    expect(roles?.cells).toEqual({ view: 'view roles', create: null, edit: null, delete: null });
    expect(roles?.label).toBe('Roles');
  });

  it('shows manage billing as the edit cell of the Billing row', () => {
    const billing = matrixRows(PERMISSIONS).find((row) => row.resource === 'billing');
    expect(billing?.cells).toEqual({ view: null, create: null, edit: 'manage billing', delete: null });
  });

  it('ignores names that are not "<action> <resource>"', () => {
    expect(matrixRows(['manage everything', 'view'])).toEqual([]);
  });
});

describe('canEditRole', () => {
  it('lets only a super-admin edit, and never the super-admin role itself', () => {
    expect(canEditRole('super-admin', 'admin')).toBe(true);
    expect(canEditRole('super-admin', 'manager')).toBe(true);
    expect(canEditRole('super-admin', 'client')).toBe(true);
    expect(canEditRole('super-admin', 'super-admin')).toBe(false);
    expect(canEditRole('admin', 'manager')).toBe(false);
    expect(canEditRole('manager', 'client')).toBe(false);
    expect(canEditRole(null, 'client')).toBe(false);
  });
});

describe('togglePermission', () => {
  it('adds and removes one permission, keeping the rest', () => {
    expect(togglePermission(['view users'], 'create users', true)).toEqual(['create users', 'view users']);
    expect(togglePermission(['create users', 'view users'], 'create users', false)).toEqual(['view users']);
  });

  it('is idempotent', () => {
    expect(togglePermission(['view users'], 'view users', true)).toEqual(['view users']);
    expect(togglePermission([], 'view users', false)).toEqual([]);
  });
});

describe('shipper permissions', () => {
  it('are shown as governed by the shipments permissions (spec 1 §6)', () => {
    expect(GOVERNED_BY['create shippers']).toBe('create shipments');
    expect(GOVERNED_BY['delete shippers']).toBe('delete shipments');
    expect(GOVERNED_BY['view shippers']).toBeUndefined();
  });
});
