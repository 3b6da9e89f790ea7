import { IMPORT_MAPPING_MESSAGES, type ImportMapping, type ImportMappingKind } from '@wms/contract/import-mappings';
import { HttpError } from '../api/api-error';
import { api } from '../api/client';
import { notifyError, notifySuccess } from '../notify';
import type { AnyMapping } from './import-mapping-form';

/** Saves a mapping for the account under a name, so the next file with this header gets it again. */
export const saveImportMapping = (body: {
  account_id: number;
  kind: ImportMappingKind;
  name: string;
  header: string[];
  mapping: AnyMapping;
}) =>
  api.post<{ message: string; data: ImportMapping }>('/import-mappings', body, {
    bypass_default: true,
    notifyOnError: false,
  });

/**
 * Before a mapped import: keeps the mapping under the name typed in the mapping step, when one was typed and there
 * is an account to keep it with. True when the import may go on (saved, or nothing to save); false after saying why.
 */
export async function saveNamedMapping(
  request: {
    accountId: number | null;
    kind: ImportMappingKind;
    name: string;
    columns: { name: string }[];
    mapping: AnyMapping;
  },
  failureText: string,
): Promise<boolean> {
  const name = request.name.trim();
  if (name === '' || request.accountId === null) return true;
  try {
    await saveImportMapping({
      account_id: request.accountId,
      kind: request.kind,
      name,
      header: request.columns.map((c) => c.name),
      mapping: request.mapping,
    });
    notifySuccess(IMPORT_MAPPING_MESSAGES.saved);
    return true;
  } catch (error) {
    notifyError(error instanceof HttpError ? error.message : failureText);
    return false;
  }
}
