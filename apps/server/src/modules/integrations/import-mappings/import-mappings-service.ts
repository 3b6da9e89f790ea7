import {
  type ImportMapping,
  type ImportMappingInput,
  type ImportMappingKind,
  type ImportMappingUpdate,
  IMPORT_MAPPING_MESSAGES as M,
  orderMappingSchema,
  productMappingSchema,
} from '@wms/contract/import-mappings';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { isUniqueViolation } from '../../../http/database-errors';
import { fieldError, forbidden, notFound } from '../../../http/errors';
import { checkMapping } from './apply-mapping';
import { columnNames, headerKey } from './column-names';
import {
  deleteMapping,
  findAccountInScope,
  findMapping,
  insertMapping,
  listMappings,
  updateMapping,
} from './import-mappings-repository';
import { checkProductMapping } from './product-columns';

/**
 * Saved mappings, one list per account: a client manages the mappings of the accounts they own, staff
 * those of the accounts their scope reaches (admins all). Out-of-scope ids answer 404 like any other row.
 */
export async function listImportMappings(
  db: Database,
  auth: RequestAuth,
  query: { account_id?: number; kind?: ImportMappingKind },
): Promise<ImportMapping[]> {
  return listMappings(db, await auth.scope(), { accountId: query.account_id, kind: query.kind });
}

/**
 * A mapping of the kind it is saved as (an order mapping's fields are not a product mapping's), whose columns are
 * columns of the header it was saved for. Only the shape is checked here: required fields and defaults are settled
 * when a file is imported with it.
 */
function checkAgainstHeader(kind: ImportMappingKind, mapping: unknown, header: string[]) {
  if (kind === 'products') {
    const parsed = productMappingSchema.safeParse(mapping);
    if (!parsed.success) throw fieldError('mapping', M.mappingInvalid);
    checkProductMapping(parsed.data, columnNames(header), { partial: true });
    return;
  }
  const parsed = orderMappingSchema.safeParse(mapping);
  if (!parsed.success) throw fieldError('mapping', M.mappingInvalid);
  checkMapping(parsed.data, columnNames(header), { accountName: 'saved', today: new Date() }, { partial: true });
}

/** Product mappings belong to the product import: keeping them takes the right to import products too. */
function checkKindPermission(auth: RequestAuth, kind: ImportMappingKind) {
  if (kind === 'products' && !auth.can('create products')) throw forbidden();
}

async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', M.nameTaken);
    throw error;
  }
}

export async function createImportMapping(
  db: Database,
  auth: RequestAuth,
  input: ImportMappingInput,
): Promise<ImportMapping> {
  const scope = await auth.scope();
  if (!(await findAccountInScope(db, scope, input.account_id))) throw notFound(M.accountNotFound);
  checkKindPermission(auth, input.kind);
  checkAgainstHeader(input.kind, input.mapping, input.header);
  const id = await saving(() =>
    insertMapping(db, {
      accountId: input.account_id,
      kind: input.kind,
      name: input.name,
      header: input.header,
      headerKey: headerKey(input.header),
      mapping: input.mapping,
      createdBy: auth.user.id,
    }),
  );
  return (await findMapping(db, scope, id))!;
}

export async function updateImportMapping(
  db: Database,
  auth: RequestAuth,
  id: number,
  input: ImportMappingUpdate,
): Promise<ImportMapping> {
  const scope = await auth.scope();
  const current = await findMapping(db, scope, id);
  if (!current) throw notFound(M.notFound);
  checkKindPermission(auth, current.kind);
  const header = input.header ?? current.header;
  checkAgainstHeader(current.kind, input.mapping ?? current.mapping, header);
  const affected = await saving(() =>
    updateMapping(db, scope, id, {
      name: input.name,
      header: input.header,
      headerKey: input.header ? headerKey(input.header) : undefined,
      mapping: input.mapping,
    }),
  );
  if (affected === 0) throw notFound(M.notFound);
  return (await findMapping(db, scope, id))!;
}

export async function deleteImportMapping(db: Database, auth: RequestAuth, id: number): Promise<void> {
  if ((await deleteMapping(db, await auth.scope(), id)) === 0) throw notFound(M.notFound);
}
