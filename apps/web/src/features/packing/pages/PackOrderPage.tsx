import { Alert, Box, Button, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PackingStation, PackView } from '@wms/contract/packing';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { NetworkError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { useOnline } from '../../../lib/offline/use-online';
import {
  cartonTypesQuery,
  packViewQuery,
  useCloseCarton,
  useMoveUnits,
  useOpenCarton,
  usePackScan,
  useRemoveCarton,
  useReopenCarton,
  useShip,
  useStartPack,
} from '../api';
import { type CartonActions, CartonsPanel } from '../components/CartonsPanel';
import { DocumentsPanel } from '../components/DocumentsPanel';
import { PackItemsTable } from '../components/PackItemsTable';
import { ShipPanel } from '../components/ShipPanel';
import { PACK_OFFLINE_MESSAGES } from '../offline-pack';
import { packTotals, shipRequest, targetCarton } from '../pack-progress';
import { useDocuments } from '../use-documents';
import { useStation } from '../use-station';

/**
 * Packing one order at the bench (1440 px first; a tablet and a phone stack the panels): the items full width with
 * their counts, one scan per unit into the chosen carton, the cartons with weight and close, the documents, Ship.
 * Opening the page starts (or resumes) the order's packing at this device's station. With no network the order as
 * this device last held it is shown (scans go on offline, DESIGN §11); the start is made once the network is back.
 */
export function PackOrderPage() {
  const orderId = Number(useParams().id);
  const { warehouse } = useWorkingContext();
  const online = useOnline();
  const { stations, station } = useStation(warehouse?.id ?? 0);
  // The station is named in the pack start (labour reporting reads it): wait until this device's is known.
  const stationKnown = !warehouse || stations.isFetched;
  const start = useStartPack(orderId);
  const started = useRef(false);
  const [startProblem, setStartProblem] = useState<string | null>(null);
  const view = useQuery({ ...packViewQuery(orderId), enabled: start.isSuccess || start.isError || !online });

  useEffect(() => {
    if (started.current || !stationKnown || !online) return;
    started.current = true;
    start.mutate(station?.id ?? null, {
      onError: (error) => {
        // No answer: the held order is shown, and the scans queue; nothing to say beyond the top bar's "Offline".
        if (!(error instanceof NetworkError)) {
          setStartProblem(failureMessage(error, 'Packing could not start for this order.'));
        }
      },
    });
  }, [start, station, stationKnown, online]);

  const data = view.data ?? start.data;
  if (!data) {
    if (view.isError) {
      // No network and no copy on this device: the order was not opened here while online.
      const message = view.error instanceof NetworkError ? PACK_OFFLINE_MESSAGES.notHeld : 'Failed to load the order';
      return <ErrorState message={message} onRetry={() => void view.refetch()} />;
    }
    return <LoadingState label="Opening the order…" />;
  }
  return <PackOrder key={data.order.id} view={data} station={station} startProblem={startProblem} />;
}

function PackOrder({
  view,
  station,
  startProblem,
}: {
  view: PackView;
  station: PackingStation | null;
  startProblem: string | null;
}) {
  const orderId = view.order.id;
  const online = useOnline();
  const types = useQuery(cartonTypesQuery(view.order.warehouse_id));
  const scan = usePackScan(orderId);
  const openCarton = useOpenCarton(orderId);
  const moveUnits = useMoveUnits(orderId);
  const closeCarton = useCloseCarton(orderId);
  const reopenCarton = useReopenCarton(orderId);
  const removeCarton = useRemoveCarton(orderId);
  const ship = useShip(orderId);
  const documents = useDocuments(view, station);
  const [chosenCarton, setChosenCarton] = useState<number | null>(null);
  const [cartonProblem, setCartonProblem] = useState<string | null>(null);
  const [shipProblem, setShipProblem] = useState<string | null>(null);
  const [shippedMessage, setShippedMessage] = useState<string | null>(null);
  const target = targetCarton(view.cartons, chosenCarton);
  const totals = packTotals(view.items);
  const shipped = view.cartons.length > 0 && view.cartons.every((carton) => carton.status === 'shipped');
  const cartonBusy =
    openCarton.isPending ||
    moveUnits.isPending ||
    closeCarton.isPending ||
    reopenCarton.isPending ||
    removeCarton.isPending;

  const verify = async (code: string): Promise<ScanOutcome> => {
    try {
      const answer = await scan.mutateAsync({ code, ...(target && { carton_id: target.id }) });
      if (answer.carton_id) setChosenCarton(answer.carton_id);
      return { status: 'success', message: answer.message };
    } catch (error) {
      // Not in the order, one too many, a lot not picked for it: this scan verified nothing.
      return { status: 'not-found', message: failureMessage(error, 'This scan could not be verified.') ?? '' };
    }
  };

  const cartonWrite = (fallback: string, after?: (next: PackView) => void) =>
    ({
      onSuccess: (next: PackView) => {
        setCartonProblem(null);
        after?.(next);
      },
      onError: (error: unknown) => setCartonProblem(failureMessage(error, fallback)),
    }) as const;

  const actions: CartonActions = {
    open: (input) =>
      openCarton.mutate(
        input,
        cartonWrite('The carton could not be opened.', (next) => setChosenCarton(next.cartons.at(-1)?.id ?? null)),
      ),
    move: ({ to, from, line, quantity }) =>
      moveUnits.mutate(
        { cartonId: to.id, order_item_id: line.orderItemId, lot_id: line.lotId, quantity, from_carton_id: from.id },
        cartonWrite('The units could not be moved.'),
      ),
    close: (carton, grams) =>
      closeCarton.mutate({ cartonId: carton.id, weight_g: grams }, cartonWrite('The carton could not be closed.')),
    reopen: (carton) => reopenCarton.mutate(carton.id, cartonWrite('The carton could not be reopened.')),
    remove: (carton) => removeCarton.mutate(carton.id, cartonWrite('The carton could not be removed.')),
  };

  const wave = view.order.wave;
  return (
    <Box>
      <PageHeader
        title={`Pack ${view.order.order_number}`}
        subtitle={[
          view.order.external_id && `External id ${view.order.external_id}`,
          wave && `${wave.number} · slot ${wave.slot}${wave.tote ? ` · tote ${wave.tote}` : ''}`,
          station ? `Station ${station.name}` : 'No station',
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <Button component={RouterLink} to="/packing" variant="outlined">
            Next order
          </Button>
        }
      />
      <Stack spacing={2}>
        {startProblem && !shipped && (
          <Alert severity="warning" role="alert">
            {startProblem}
          </Alert>
        )}
        {(shippedMessage || shipped) && (
          <Alert severity="success" role="status">
            {shippedMessage ?? `${view.order.order_number} is shipped.`}
          </Alert>
        )}
        <Card>
          <CardContent>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' }, mb: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {!shipped && (
                  <ScanField
                    label="Scan a unit"
                    placeholder="Scan a barcode, SKU or lot, then Enter"
                    emptyMessage="Scan one unit of the order"
                    onScan={verify}
                  />
                )}
              </Box>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="pack-totals">
                <Chip label={`Ordered ${totals.quantity}`} variant="outlined" />
                <Chip label={`Picked ${totals.picked}`} variant="outlined" />
                <Chip label={`Verified ${totals.verified}`} color="primary" />
                <Chip
                  label={`Packed ${totals.packed}`}
                  color={totals.packed >= totals.picked ? 'success' : 'default'}
                />
              </Stack>
            </Stack>
            {!shipped && target && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Scans go into carton {target.number}.
              </Typography>
            )}
            <PackItemsTable items={view.items} />
          </CardContent>
        </Card>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <CartonsPanel
              cartons={view.cartons}
              types={types.data ?? []}
              target={target}
              onTarget={(carton) => setChosenCarton(carton.id)}
              actions={actions}
              documents={documents}
              busy={cartonBusy}
              problem={cartonProblem}
              readOnly={shipped}
              offlineReason={online || shipped ? null : PACK_OFFLINE_MESSAGES.cartons}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Stack spacing={2}>
              <DocumentsPanel
                view={view}
                documents={documents}
                offlineReason={online ? null : PACK_OFFLINE_MESSAGES.documents}
              />
              {!shipped && (
                <ShipPanel
                  view={view}
                  busy={ship.isPending}
                  problem={shipProblem}
                  offlineReason={online ? null : PACK_OFFLINE_MESSAGES.ship}
                  onShip={(lines) =>
                    ship.mutate(shipRequest(lines), {
                      onSuccess: (answer) => {
                        setShipProblem(null);
                        setShippedMessage(answer.message ?? `${view.order.order_number} is shipped.`);
                      },
                      onError: (error) => setShipProblem(failureMessage(error, 'The order could not be shipped.')),
                    })
                  }
                />
              )}
            </Stack>
          </Grid>
        </Grid>
      </Stack>
    </Box>
  );
}
