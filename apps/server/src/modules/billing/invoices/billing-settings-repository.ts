import type { Executor } from '../../../db/client';
import { billingSettings } from '../../../db/schema/billing-settings';

export type BillingSettingsRow = typeof billingSettings.$inferSelect;

/** The installation's one row of billing settings, if saved yet. */
export async function findBillingSettings(db: Executor): Promise<BillingSettingsRow | undefined> {
  const [row] = await db.select().from(billingSettings).limit(1);
  return row;
}

export async function saveBillingSettings(
  db: Executor,
  values: Pick<BillingSettingsRow, 'companyName' | 'address' | 'taxId' | 'logo'>,
): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(billingSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: billingSettings.id, set: row });
}
