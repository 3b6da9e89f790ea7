import type { ManualChargeInput } from '@wms/contract/billing';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { manualCharges } from '../../db/schema/billing';

export const accountNameOf = async (db: Executor, accountId: number): Promise<string | undefined> =>
  (await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)))[0]?.name;

export async function insertManualCharge(db: Executor, input: ManualChargeInput, userId: number) {
  const [row] = await db
    .insert(manualCharges)
    .values({
      accountId: input.account_id,
      chargeDate: input.charge_date,
      description: input.description,
      quantity: input.quantity,
      rateMicros: input.rate_micros,
      createdBy: userId,
    })
    .returning();
  return row!;
}

export async function findManualCharge(db: Executor, id: number) {
  return (await db.select().from(manualCharges).where(eq(manualCharges.id, id)))[0];
}

export async function deleteManualChargeRow(db: Executor, id: number): Promise<void> {
  await db.delete(manualCharges).where(eq(manualCharges.id, id));
}
