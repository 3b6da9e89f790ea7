import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LOCATION_STOCK_MESSAGES, MOVE_SCAN_MESSAGES } from '@wms/contract/location-stock';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { NetworkError } from '../../../lib/api/api-error';
import { failureMessage } from '../../../lib/api/failure-message';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { SAVED_OFFLINE } from '../../../lib/offline/floor-queue';
import { heldLocation, judgeLocation } from '../../../lib/offline/warehouse-locations-snapshot';
import { findLocationByCode, locationStock, moveSnapshotQuery, useMoveStock } from '../api';
import { HeldRowChoice } from '../components/HeldRowChoice';
import { MoveQuantityStep } from '../components/MoveQuantityStep';
import { MoveSummary } from '../components/MoveSummary';
import { heldOfProduct, unitsHeld } from '../held-stock';
import { EMPTY_DRAFT, type MoveDraft } from '../move-draft';
import { heldStockAt, type MoveLocation, type MoveSnapshot } from '../move-snapshot';

type Step = 'source' | 'product' | 'quantity' | 'target' | 'confirm';
const STEP_NUMBER: Record<Step, number> = { source: 1, product: 2, quantity: 3, target: 4, confirm: 5 };
const STEP_TITLE: Record<Step, string> = {
  source: 'Scan the source location',
  product: 'Scan the product',
  quantity: 'How many units?',
  target: 'Scan the target location',
  confirm: 'Confirm the move',
};

const SCAN_LABEL = {
  source: 'Source location',
  product: 'Product barcode or SKU',
  target: 'Target location',
} as const;

/** Says the screen can go on in a dead spot, and how much of the warehouse it holds for that. */
const offlineReadyText = (held: MoveSnapshot) =>
  held.complete
    ? `Ready offline: ${held.locations.length.toLocaleString('en-US')} locations and their stock kept on this device.`
    : `Ready offline for the first ${held.locations.length.toLocaleString('en-US')} locations of this warehouse only: others read as unknown without a network.`;

const PREPARING_OFFLINE = 'Getting ready for a dead spot: keeping this warehouse’s locations and stock on this device…';

const found = (message: string): ScanOutcome => ({ status: 'success', message });
const notFound = (message: string): ScanOutcome => ({ status: 'not-found', message });

/**
 * The phone move flow: scan the source location → scan the product (barcode or SKU) → see what the
 * source holds of it per lot and pick one → quantity → scan the target → confirm. One task per screen, large
 * targets, visual feedback per scan (ScanField). The server decides the move: its refusal (409 when the source
 * holds less, 422 for a location it refuses) shows here in place, and the mover can change the quantity or target.
 *
 * Offline (a dead spot), the flow goes on against the warehouse's snapshot kept on the device when the screen was
 * opened online (`moveSnapshotQuery`): the same checks and messages, the move applied to the held stock at once and
 * queued with its own Idempotency-Key; the server judges it when it syncs (a refusal lands in "needs attention").
 */
export function MoveScanPage() {
  const { warehouseId } = useWorkingContext();
  const moveStock = useMoveStock();
  const snapshot = useQuery({ ...moveSnapshotQuery(warehouseId ?? 0), enabled: warehouseId !== null });
  /** The snapshot held on the device, when there is no network to ask (no snapshot: the online failure stands). */
  const heldWhenOffline = (failure?: unknown): MoveSnapshot | undefined =>
    failure === undefined || failure instanceof NetworkError ? snapshot.data : undefined;
  const [step, setStep] = useState<Step>('source');
  const [draft, setDraft] = useState<MoveDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);

  const go = (next: Step, patch: Partial<MoveDraft> = {}) => {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
    setStep(next);
  };
  const restart = () => go('source', EMPTY_DRAFT);

  /** The location with this code in the header's warehouse, or a scan verdict explaining why not. */
  const resolveLocation = async (code: string): Promise<MoveLocation | ScanOutcome> => {
    const offline = navigator.onLine ? undefined : heldWhenOffline();
    if (offline) return judgeLocation(heldLocation(offline, code), code);
    try {
      return judgeLocation(await findLocationByCode(warehouseId!, code), code);
    } catch (failure) {
      const held = heldWhenOffline(failure);
      if (held) return judgeLocation(heldLocation(held, code), code);
      return notFound(failureMessage(failure, MOVE_SCAN_MESSAGES.failed) ?? MOVE_SCAN_MESSAGES.failed);
    }
  };

  /** What the source holds: read from the server, or from the snapshot with no network. */
  const heldAt = async (location: MoveLocation): Promise<MoveDraft['held'] | ScanOutcome> => {
    const offline = navigator.onLine ? undefined : heldWhenOffline();
    if (offline) return heldStockAt(offline, location.id);
    try {
      return await locationStock(location.id);
    } catch (failure) {
      const held = heldWhenOffline(failure);
      if (held) return heldStockAt(held, location.id);
      return notFound(failureMessage(failure, MOVE_SCAN_MESSAGES.failed) ?? MOVE_SCAN_MESSAGES.failed);
    }
  };

  const scanSource = async (code: string): Promise<ScanOutcome> => {
    setDone(null);
    const location = await resolveLocation(code);
    if (!('id' in location)) return location;
    const held = await heldAt(location);
    if (!Array.isArray(held)) return held;
    if (held.length === 0) return { status: 'warning', message: MOVE_SCAN_MESSAGES.sourceEmpty(location.code) };
    go('product', { ...EMPTY_DRAFT, source: location, held });
    return found(MOVE_SCAN_MESSAGES.sourceFound(location.code, unitsHeld(held)));
  };

  const scanProduct = async (code: string): Promise<ScanOutcome> => {
    const matches = heldOfProduct(draft.held, code);
    if (matches.length === 0) return notFound(MOVE_SCAN_MESSAGES.productNotHere(code, draft.source!.code));
    go('quantity', { matches, chosen: matches[0]!, quantity: 0 });
    return found(MOVE_SCAN_MESSAGES.productFound(matches[0]!.product.sku));
  };

  const scanTarget = async (code: string): Promise<ScanOutcome> => {
    const location = await resolveLocation(code);
    if (!('id' in location)) return location;
    if (location.id === draft.source!.id) return { status: 'warning', message: LOCATION_STOCK_MESSAGES.sameLocation };
    go('confirm', { target: location });
    return found(MOVE_SCAN_MESSAGES.targetFound(location.code));
  };

  const confirm = async () => {
    const { source, target, chosen, quantity } = draft;
    if (!source || !target || !chosen) return;
    setMoving(true);
    setError(null);
    try {
      const moved = MOVE_SCAN_MESSAGES.moved(quantity, chosen.product.sku, source.code, target.code);
      const lot = chosen.lot ? ` (lot ${chosen.lot.code})` : '';
      const { queued } = await moveStock.mutateAsync({
        warehouseId: warehouseId!,
        inventoryId: chosen.inventory_id,
        input: { from_location_id: source.id, to_location_id: target.id, quantity, lot_id: chosen.lot?.id ?? null },
        label: `Move ${quantity.toLocaleString('en-US')} × ${chosen.product.sku}${lot} from ${source.code} to ${target.code}`,
      });
      setDone(queued ? `${moved} ${SAVED_OFFLINE}` : moved);
      restart();
    } catch (failure) {
      setError(failureMessage(failure, MOVE_SCAN_MESSAGES.failed));
    } finally {
      setMoving(false);
    }
  };

  const scanStep = step === 'source' || step === 'product' || step === 'target' ? step : null;

  if (warehouseId === null) {
    return (
      <Box>
        <PageHeader title="Move Stock" />
        <Alert severity="info">{MOVE_SCAN_MESSAGES.noWarehouse}</Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeader title="Move Stock" subtitle="Scan where from, what, how many and where to" />
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {done}
        </Alert>
      )}
      <Card>
        <CardContent>
          {/* Shown from the start, then worded once the copy is kept: the worker sees the screen prepare for a dead
              spot, and the note does not push the steps down when it arrives. */}
          {(snapshot.data || snapshot.isPending) && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="move-offline-ready">
              {snapshot.data ? offlineReadyText(snapshot.data) : PREPARING_OFFLINE}
            </Typography>
          )}
          <Typography variant="overline" color="text.secondary" component="p">
            Step {STEP_NUMBER[step]} of 5
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {STEP_TITLE[step]}
          </Typography>
          {step !== 'source' && <MoveSummary draft={draft} />}

          {scanStep && (
            // One field for the three scans: its verdict stays on screen as the next step asks for the next code.
            <ScanField
              label={SCAN_LABEL[scanStep]}
              onScan={{ source: scanSource, product: scanProduct, target: scanTarget }[scanStep]}
              emptyMessage={MOVE_SCAN_MESSAGES.scanEmpty}
            />
          )}
          {step === 'quantity' && (
            <>
              <HeldRowChoice
                rows={draft.matches}
                chosen={draft.chosen}
                onChoose={(chosen) => setDraft((d) => ({ ...d, chosen }))}
              />
              <MoveQuantityStep
                available={draft.chosen?.quantity ?? 0}
                sourceCode={draft.source?.code ?? ''}
                initial={draft.quantity}
                onNext={(quantity) => go('target', { quantity })}
              />
            </>
          )}
          {step === 'confirm' && (
            <Stack spacing={2}>
              {error && (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              )}
              <Button variant="contained" size="large" onClick={confirm} disabled={moving} sx={{ minHeight: 56 }}>
                {moving ? 'Moving…' : `Move ${draft.quantity.toLocaleString()} units`}
              </Button>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button onClick={() => go('quantity')} disabled={moving} sx={{ minHeight: 48 }}>
                  Change quantity
                </Button>
                <Button onClick={() => go('target')} disabled={moving} sx={{ minHeight: 48 }}>
                  Change target
                </Button>
              </Stack>
            </Stack>
          )}
          {step !== 'source' && (
            <Button color="inherit" onClick={restart} disabled={moving} sx={{ mt: 2, minHeight: 48 }}>
              Start over
            </Button>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
