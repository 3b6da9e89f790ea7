import type { ImportMapping, ImportMappingKind } from '@wms/contract/import-mappings';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { importMappings } from '../../../db/schema/import-mappings';

/** A mapping belongs to its account: a client reaches it through an account they own, a manager through a warehouse. */
const scopeOf = (scope: Scope) => accountCondition(scope, importMappings.accountId);

export const importMappingResource: ScopedResource = {
  table: importMappings,
  id: importMappings.id,
  scopeCondition: scopeOf,
  notFoundMessage: 'Mapping not found',
};

const columns = {
  id: importMappings.id,
  accountId: importMappings.accountId,
  accountName: accounts.name,
  kind: importMappings.kind,
  name: importMappings.name,
  header: importMappings.header,
  mapping: importMappings.mapping,
  createdAt: importMappings.createdAt,
  updatedAt: importMappings.updatedAt,
};

function toMapping(row: {
  id: number;
  accountId: number;
  accountName: string;
  kind: string;
  name: string;
  header: string[];
  mapping: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}): ImportMapping {
  return {
    id: row.id,
    account_id: row.accountId,
    account_name: row.accountName,
    kind: row.kind as ImportMappingKind,
    name: row.name,
    header: row.header,
    mapping: row.mapping as ImportMapping['mapping'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function selectMappings(db: Executor, scope: Scope, ...conditions: (SQL | undefined)[]) {
  return db
    .select(columns)
    .from(importMappings)
    .innerJoin(accounts, eq(accounts.id, importMappings.accountId))
    .where(and(scopeOf(scope), ...conditions))
    .orderBy(desc(importMappings.updatedAt), desc(importMappings.id));
}

export async function listMappings(
  db: Executor,
  scope: Scope,
  filter: { accountId?: number; kind?: ImportMappingKind },
): Promise<ImportMapping[]> {
  const rows = await selectMappings(
    db,
    scope,
    filter.accountId === undefined ? undefined : eq(importMappings.accountId, filter.accountId),
    filter.kind === undefined ? undefined : eq(importMappings.kind, filter.kind),
  ).limit(500);
  return rows.map(toMapping);
}

export async function findMapping(db: Executor, scope: Scope, id: number): Promise<ImportMapping | undefined> {
  const [row] = await selectMappings(db, scope, eq(importMappings.id, id));
  return row && toMapping(row);
}

/** The newest mapping in scope saved for a file with this header (narrowed to one account when given). */
export async function findMappingForHeader(
  db: Executor,
  scope: Scope,
  kind: ImportMappingKind,
  key: string,
  accountId: number | null,
): Promise<ImportMapping | undefined> {
  const [row] = await selectMappings(
    db,
    scope,
    eq(importMappings.kind, kind),
    eq(importMappings.headerKey, key),
    accountId === null ? undefined : eq(importMappings.accountId, accountId),
  ).limit(1);
  return row && toMapping(row);
}

/** The account, when the caller's scope reaches it. */
export async function findAccountInScope(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.id, id), accountCondition(scope, accounts.id)));
  return row;
}

export interface MappingRow {
  accountId: number;
  kind: ImportMappingKind;
  name: string;
  header: string[];
  headerKey: string;
  mapping: ImportMapping['mapping'];
  createdBy: number;
}

export async function insertMapping(db: Executor, row: MappingRow): Promise<number> {
  const [inserted] = await db.insert(importMappings).values(row).returning({ id: importMappings.id });
  return inserted!.id;
}

/** Scoped write: rows affected (0 when the id is out of scope or gone). */
export async function updateMapping(
  db: Executor,
  scope: Scope,
  id: number,
  change: Partial<Pick<MappingRow, 'name' | 'header' | 'headerKey' | 'mapping'>>,
): Promise<number> {
  const rows = await db
    .update(importMappings)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(importMappings.id, id), scopeOf(scope)))
    .returning({ id: importMappings.id });
  return rows.length;
}

export async function deleteMapping(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(importMappings)
    .where(and(eq(importMappings.id, id), scopeOf(scope)))
    .returning({ id: importMappings.id });
  return rows.length;
}
