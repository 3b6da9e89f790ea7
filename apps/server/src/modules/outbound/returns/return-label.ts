import { RETURN_MESSAGES } from '@wms/contract/returns';
import { and, eq, isNull } from 'drizzle-orm';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Database, Executor } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { returns } from '../../../db/schema/returns';
import { inTransaction } from '../../../db/transaction';
import type { FileStorage } from '../../../files/file-storage';
import type { SpooledFile } from '../../../files/spooled-upload';
import { conflict, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { requireLabelPdf, storePdf } from '../labels/labels-api';
import { returnScopeCondition } from './returns-scope';
import { getReturn, lockReturnInScope, returnEvent } from './returns-service';

/**
 * POST /returns/{id}/label: the return label PDF the client prints for the parcel, checked like an order's label
 * (size capped by the route, the bytes must parse as a PDF), stored through FileStorage with a `return_label` files
 * row. Only while the return is announced or in transit, and once (a second one is refused, nothing replaced).
 */
export async function uploadReturnLabel(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  id: number,
  upload: SpooledFile,
) {
  const scope = await auth.scope();
  await requireLabelPdf(upload);
  await storePdf(
    storage,
    { kind: 'return_label', ownerUserId: auth.user.id, fileName: upload.fileName, source: upload },
    (insertFile) =>
      inTransaction(db, async (tx) => {
        const ret = await lockReturnInScope(tx, scope, id);
        if (ret.status !== 'announced' && ret.status !== 'in_transit') throw conflict(RETURN_MESSAGES.labelNotAllowed);
        const fileId = await insertFile(tx);
        const set = await tx
          .update(returns)
          .set({ labelFileId: fileId })
          .where(and(eq(returns.id, id), isNull(returns.labelFileId)))
          .returning({ id: returns.id });
        if (set.length === 0) throw conflict(RETURN_MESSAGES.labelAlreadyUploaded);
        await recordEvent(tx, {
          kind: 'return.label_uploaded',
          payload: { rma_number: ret.rmaNumber, file_name: upload.fileName.slice(0, 255) },
          ...returnEvent(auth, ret),
        });
      }),
  );
  return getReturn(db, auth, id);
}

/** The stored file of a return's label, scoped like the return (out of scope, or no label: undefined). */
async function findReturnLabelFile(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ name: files.originalName, key: files.storageKey })
    .from(returns)
    .innerJoin(files, eq(files.id, returns.labelFileId))
    .where(and(eq(returns.id, id), returnScopeCondition(scope)));
  return row;
}

/** GET /returns/{id}/label: the PDF as a stream; the scope check comes before anything is read from storage. */
export async function readReturnLabel(db: Executor, storage: FileStorage, scope: Scope, id: number) {
  const row = await findReturnLabelFile(db, scope, id);
  const stored = row && (await storage.open(row.key));
  if (!row || !stored) throw notFound(RETURN_MESSAGES.labelNotFound);
  return { name: row.name, stored };
}
