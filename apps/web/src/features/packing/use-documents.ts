import { useQueryClient } from '@tanstack/react-query';
import type { Carton, PackingSlipLayout, PackingStation, PackView } from '@wms/contract/packing';
import { useState } from 'react';
import { failureMessage } from '../../lib/api/failure-message';
import { openCartonLabel, openPackingSlip, openShippingLabel, printOnStation, shippingLabelsQuery } from './api';

/** A refusal worded here (no label uploaded), shown as it is. */
class DocumentRefusal extends Error {}

/**
 * The order's documents at this station: a station that prints in the browser (or no station) opens each PDF in a
 * new tab; a printer station has the server send it to the label printer. Either way one click per document, and
 * the outcome (or the server's refusal) is said in the documents panel.
 */
export function useDocuments(view: PackView, station: PackingStation | null) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const toPrinter = station?.output === 'printer';
  const orderId = view.order.id;

  const run = async (work: () => Promise<string>, fallback: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: await work() });
    } catch (error) {
      const message = error instanceof DocumentRefusal ? error.message : failureMessage(error, fallback);
      if (message) setOutcome({ ok: false, message });
    } finally {
      setBusy(false);
    }
  };

  const print = async (input: Parameters<typeof printOnStation>[1], done: string) => {
    const answer = await printOnStation(station!.id, input);
    return answer.message || done;
  };

  return {
    toPrinter,
    busy,
    outcome,
    slip: (layout: PackingSlipLayout) =>
      run(
        () =>
          toPrinter
            ? print({ document: 'packing_slip', order_id: orderId, layout }, 'Packing slip sent to the printer.')
            : openPackingSlip(orderId, view.order.order_number, layout).then(() => 'Packing slip opened.'),
        'The packing slip could not be produced.',
      ),
    cartonLabel: (carton: Carton) =>
      run(
        () =>
          toPrinter
            ? print(
                { document: 'carton_label', order_id: orderId, carton_id: carton.id },
                `Label of carton ${carton.number} sent to the printer.`,
              )
            : openCartonLabel(carton.id, carton.sscc ?? `carton-${carton.number}`).then(
                () => `Label of carton ${carton.number} opened.`,
              ),
        'The carton label could not be produced.',
      ),
    shippingLabel: () =>
      run(async () => {
        if (toPrinter)
          return print({ document: 'shipping_label', order_id: orderId }, 'Shipping label sent to the printer.');
        // Usually already read by the documents panel: the tab then opens within the click.
        const labels = await queryClient.fetchQuery({ ...shippingLabelsQuery(orderId), staleTime: 60_000 });
        const newest = labels[0];
        if (!newest) throw new DocumentRefusal('No shipping label was uploaded for this order.');
        await openShippingLabel(newest);
        return 'Shipping label opened.';
      }, 'The shipping label could not be opened.'),
  };
}

export type Documents = ReturnType<typeof useDocuments>;
