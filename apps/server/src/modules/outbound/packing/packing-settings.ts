import type { PackingSettings } from '@wms/contract/packing';
import { allows } from '@wms/contract/policy';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { forbidden } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { findPackingSettings, savePackingSettings } from './packing-repository';

/**
 * The installation's packing settings: the GS1 company prefix SSCCs use when the account has none, and the SSCC
 * extension digit. Everyone who packs reads them; only all-warehouse staff (super-admin, admin) change them, since
 * they number every warehouse's cartons.
 */
export async function getPackingSettings(db: Executor): Promise<PackingSettings> {
  const s = await findPackingSettings(db);
  return { gs1_company_prefix: s.gs1CompanyPrefix, sscc_extension_digit: s.ssccExtensionDigit };
}

export async function updatePackingSettings(
  db: Database,
  auth: RequestAuth,
  input: { gs1_company_prefix: string | null; sscc_extension_digit: number },
): Promise<PackingSettings> {
  if (!allows(auth.user.role, 'seeEverything')) throw forbidden();
  await inTransaction(db, async (tx) => {
    await savePackingSettings(tx, {
      gs1CompanyPrefix: input.gs1_company_prefix,
      ssccExtensionDigit: input.sscc_extension_digit,
    });
    await recordEvent(tx, {
      kind: 'packing_settings.updated',
      payload: { gs1_company_prefix: input.gs1_company_prefix, sscc_extension_digit: input.sscc_extension_digit },
      actorId: auth.user.id,
      subject: { type: 'packing_settings', id: 1 },
      warehouseIds: [],
      accountIds: [],
    });
  });
  return getPackingSettings(db);
}
