import { RETURN_MESSAGES } from '@wms/contract/returns';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Database, Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import type { FileStorage } from '../../../files/file-storage';
import type { SpooledFile } from '../../../files/spooled-upload';
import { conflict, notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { requireLabelPdf, storePdf } from '../labels/labels-api';
import { findReturnLabelFile, setReturnLabel } from './returns-repository';
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
        if (!(await setReturnLabel(tx, id, fileId))) throw conflict(RETURN_MESSAGES.labelAlreadyUploaded);
        await recordEvent(tx, {
          kind: 'return.label_uploaded',
          payload: { rma_number: ret.rmaNumber, file_name: upload.fileName.slice(0, 255) },
          ...returnEvent(auth, ret),
        });
      }),
  );
  return getReturn(db, auth, id);
}

/** GET /returns/{id}/label: the PDF as a stream; the scope check comes before anything is read from storage. */
export async function readReturnLabel(db: Executor, storage: FileStorage, scope: Scope, id: number) {
  const row = await findReturnLabelFile(db, scope, id);
  const stored = row && (await storage.open(row.key));
  if (!row || !stored) throw notFound(RETURN_MESSAGES.labelNotFound);
  return { name: row.name, stored };
}
