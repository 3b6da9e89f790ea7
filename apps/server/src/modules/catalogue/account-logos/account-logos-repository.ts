import { and, eq } from 'drizzle-orm';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import type { Executor } from '../../../db/client';
import { accounts } from '../../../db/schema/accounts';
import { files } from '../../../db/schema/files';

/** The account (in the caller's scope) with its logo's file, if any. `lock` holds the row for a change. */
export async function findAccountLogo(db: Executor, scope: Scope, accountId: number, lock = false) {
  const query = db
    .select({
      id: accounts.id,
      name: accounts.name,
      fileId: files.id,
      storageKey: files.storageKey,
      mimeType: files.mimeType,
      sizeBytes: files.sizeBytes,
    })
    .from(accounts)
    .leftJoin(files, eq(files.id, accounts.logoFileId))
    .where(and(eq(accounts.id, accountId), accountCondition(scope, accounts.id)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: accounts }) : await query;
  return row;
}

export async function setAccountLogoFile(tx: Executor, accountId: number, fileId: string | null): Promise<void> {
  await tx.update(accounts).set({ logoFileId: fileId, updatedAt: new Date() }).where(eq(accounts.id, accountId));
}

export async function deleteLogoFileRow(tx: Executor, fileId: string): Promise<void> {
  await tx.delete(files).where(and(eq(files.id, fileId), eq(files.kind, 'account_logo')));
}
