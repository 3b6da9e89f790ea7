import type { ImportMapping, ImportMappingKind } from '@wms/contract/import-mappings';
import { api } from '../api/client';
import type { AnyMapping } from './importMappingForm';

/** Saves a mapping for the account under a name, so the next file with this header gets it again (issue 26). */
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
