import { eq } from 'drizzle-orm';
import { hashPassword } from '../../src/auth/passwords';
import { issueToken } from '../../src/auth/tokens';
import type { Database } from '../../src/db/client';
import { accounts, accountWarehouses } from '../../src/db/schema/accounts';
import { warehouses } from '../../src/db/schema/warehouses';
import { insertUser } from '../../src/modules/platform/users/users-repository';

export const WORLD_PASSWORD = 'Secret-pass-1';

export const ACTORS = [
  'superAdmin',
  'admin',
  'manager',
  'otherManager',
  'client',
  'otherClient',
  'neighbourClient',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * A small business for tests: warehouses Alpha and Beta (active) and Gamma (inactive); a manager of Alpha and one
 * of Beta; a client owning two accounts in Alpha (one inactive), a neighbour client owning one active account in
 * the same Alpha (so a leak between two clients of one warehouse shows), and another client owning one account in Beta.
 */
export interface World {
  warehouses: { alpha: number; beta: number; gamma: number };
  users: Record<Actor, { id: number; email: string; token: string }>;
  accounts: { clientActive: number; clientInactive: number; otherClient: number; neighbourActive: number };
}

export async function seedWorld(db: Database): Promise<World> {
  const passwordHash = await hashPassword(WORLD_PASSWORD);
  const [alpha, beta, gamma] = await db
    .insert(warehouses)
    .values([
      { name: 'Alpha Warehouse', code: 'ALP', city: 'Austin', state: 'TX' },
      { name: 'Beta Warehouse', code: 'BET', city: 'Boston', state: 'MA' },
      { name: 'Gamma Warehouse', code: 'GAM', city: 'Denver', state: 'CO', isActive: false },
    ])
    .returning({ id: warehouses.id });
  const w = { alpha: alpha!.id, beta: beta!.id, gamma: gamma!.id };

  const people: Record<Actor, { name: string; role: 'super-admin' | 'admin' | 'manager' | 'client'; wh: number[] }> = {
    superAdmin: { name: 'Sam Super', role: 'super-admin', wh: [] },
    admin: { name: 'Ada Admin', role: 'admin', wh: [] },
    manager: { name: 'Max Manager', role: 'manager', wh: [w.alpha] },
    otherManager: { name: 'Olga Manager', role: 'manager', wh: [w.beta] },
    client: { name: 'Cleo Client', role: 'client', wh: [w.alpha] },
    otherClient: { name: 'Otto Client', role: 'client', wh: [w.beta] },
    neighbourClient: { name: 'Nell Neighbour', role: 'client', wh: [w.alpha] },
  };
  const users = {} as World['users'];
  for (const actor of Object.keys(people) as Actor[]) {
    const p = people[actor];
    const email = `${actor.toLowerCase()}@test.example.com`;
    const id = await insertUser(db, { name: p.name, email, passwordHash, role: p.role, warehouseIds: p.wh });
    const token = await issueToken(db, id, { idleMinutes: 60, absoluteHours: 24 });
    users[actor] = { id, email, token };
  }

  const created = await db
    .insert(accounts)
    .values([
      { name: 'Cleo Active Goods', status: 'active', userId: users.client.id },
      { name: 'Cleo Dormant Goods', status: 'inactive', userId: users.client.id },
      { name: 'Otto Trading', status: 'active', accountType: 'fast', userId: users.otherClient.id },
      { name: 'Nell Next Door', status: 'active', userId: users.neighbourClient.id },
    ])
    .returning({ id: accounts.id });
  const [clientActive, clientInactive, otherClient, neighbourActive] = created.map((a) => a.id) as [
    number,
    number,
    number,
    number,
  ];
  await db.insert(accountWarehouses).values([
    { accountId: clientActive, warehouseId: w.alpha },
    { accountId: clientInactive, warehouseId: w.alpha },
    { accountId: otherClient, warehouseId: w.beta },
    { accountId: neighbourActive, warehouseId: w.alpha },
  ]);
  return { warehouses: w, users, accounts: { clientActive, clientInactive, otherClient, neighbourActive } };
}

export async function setWarehouseActive(db: Database, id: number, isActive: boolean) {
  await db.update(warehouses).set({ isActive }).where(eq(warehouses.id, id));
}
