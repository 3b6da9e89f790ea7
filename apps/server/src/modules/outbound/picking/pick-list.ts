import { PICKING_MESSAGES } from '@wms/contract/picking';
import { PICKING_MODE_LABELS, type PickingMode } from '@wms/contract/waves';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { pickListPdf } from './pick-list-pdf';
import { findPickingWave, pickListTasks, waveFactsForPickList } from './picking-repository';

/**
 * The wave's pick list for paper picking: its open tasks in walk order (what is still to fetch), each with the
 * orders (or, in cluster mode, the totes) its units go to. Answers the file name and the PDF.
 */
export async function pickList(db: Executor, auth: RequestAuth, waveId: number) {
  const wave = await findPickingWave(db, await auth.scope(), waveId, false);
  if (!wave) throw notFound(PICKING_MESSAGES.waveNotFound);
  const [tasks, facts] = await Promise.all([pickListTasks(db, wave.id), waveFactsForPickList(db, wave.id)]);
  const pdf = await pickListPdf({
    number: wave.number,
    mode: PICKING_MODE_LABELS[wave.mode as PickingMode] ?? wave.mode,
    warehouse: wave.warehouseName,
    distance: facts.distance,
    orderCount: facts.orderCount,
    printedAt: new Date(),
    tasks,
  });
  return { fileName: `${wave.number}.pdf`, pdf };
}
