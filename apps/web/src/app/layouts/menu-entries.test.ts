import { DEFAULT_ROLE_PERMISSIONS } from '@wms/contract/access';
import { describe, expect, it } from 'vitest';
import { visibleMenuEntries } from './menu-entries';

const labels = (permissions: readonly string[]) => visibleMenuEntries(permissions).map((entry) => entry.label);

describe('visibleMenuEntries (spec 1 §2.4)', () => {
  it('shows an admin every entry', () => {
    expect(labels(DEFAULT_ROLE_PERMISSIONS.admin)).toEqual([
      'Dashboard',
      'Users',
      'Roles',
      'Accounts',
      'Products',
      'Warehouses',
      'Inventory',
      'Cycle Counts',
      'Move Stock',
      'Release Waves',
      'Waves',
      'Picking Supervisor',
      'Pick',
      'Replenish',
      'Pack',
      'Kit work orders',
      'Shipments',
      'Orders',
      'Order Drafts',
      'Inquiries',
      'Shipper',
      'Shipped Orders (7D+)',
      'Returns',
      'Statuses',
      'Webhooks',
      'Rate Cards',
      'Billing',
      'Invoices',
      'Account Setting',
    ]);
  });

  it('hides entries whose permission the user lacks', () => {
    const client = labels(DEFAULT_ROLE_PERMISSIONS.client);
    expect(client).not.toContain('Users');
    expect(client).not.toContain('Roles');
    expect(client).not.toContain('Cycle Counts');
    expect(client).toContain('Orders');
    expect(client).toContain('Order Drafts');
    expect(client).not.toContain('Move Stock');
    expect(client).not.toContain('Waves');
    expect(client).not.toContain('Pick');
    expect(client).not.toContain('Pack');
    expect(client).not.toContain('Kit work orders');
    const manager = labels(DEFAULT_ROLE_PERMISSIONS.manager);
    expect(manager).toContain('Users');
    expect(manager).not.toContain('Roles');
    expect(manager).toEqual(
      expect.arrayContaining(['Release Waves', 'Waves', 'Picking Supervisor', 'Pick', 'Pack', 'Kit work orders']),
    );
  });

  it('keeps Dashboard and Account Setting for a user without permissions', () => {
    expect(labels([])).toEqual(['Dashboard', 'Account Setting']);
  });

  it('gates Order Drafts on create orders, not view orders', () => {
    expect(labels(['view orders'])).not.toContain('Order Drafts');
    expect(labels(['view orders'])).toContain('Orders');
    expect(labels(['create orders'])).toContain('Order Drafts');
  });
});
