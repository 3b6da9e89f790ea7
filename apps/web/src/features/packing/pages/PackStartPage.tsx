import { Alert, Box, Card, CardContent, Stack } from '@mui/material';
import type { PackLookupResult } from '@wms/contract/packing';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ScanField, type ScanOutcome } from '../../../components/ScanField';
import { failureMessage } from '../../../lib/api/failure-message';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { useOnline } from '../../../lib/offline/use-online';
import { lookUp } from '../api';
import { StationSelect } from '../components/StationSelect';
import { WaveSortPanel } from '../components/WaveSortPanel';
import { PACK_OFFLINE_MESSAGES } from '../offline-pack';
import { useStation } from '../use-station';

/**
 * The packing bench's start: which station this device is (remembered), then one scan of what arrived — a tote, an
 * order number or external id, or a batch wave's number (whose units are sorted into their orders' slots first).
 */
export function PackStartPage() {
  const { warehouse } = useWorkingContext();
  if (!warehouse) {
    return (
      <Box>
        <PageHeader title="Pack" />
        <Alert severity="info">Choose your warehouse in the header to pack there.</Alert>
      </Box>
    );
  }
  return <PackStart key={warehouse.id} warehouseId={warehouse.id} warehouseName={warehouse.name} />;
}

function PackStart({ warehouseId, warehouseName }: { warehouseId: number; warehouseName: string }) {
  const navigate = useNavigate();
  const { stations, station, choose } = useStation(warehouseId);
  const [wave, setWave] = useState<Extract<PackLookupResult, { kind: 'wave' }> | null>(null);
  const online = useOnline();

  const scan = async (code: string): Promise<ScanOutcome> => {
    try {
      const found = await lookUp(warehouseId, code);
      if (found.kind === 'order') {
        navigate(`/packing/orders/${found.order_id}`);
        return { status: 'success', message: found.order_number };
      }
      setWave(found);
      return { status: 'success', message: `${found.wave_number}: sort its units into the slots.` };
    } catch (error) {
      return { status: 'not-found', message: failureMessage(error, 'Nothing to pack matches this code.') ?? '' };
    }
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Pack" subtitle={station ? `${warehouseName} · ${station.name}` : warehouseName} />
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Stack spacing={2}>
              {!online && (
                <Alert severity="info" role="status">
                  {PACK_OFFLINE_MESSAGES.lookup}
                </Alert>
              )}
              {stations.isError && <Alert severity="warning">The packing stations could not be loaded.</Alert>}
              <StationSelect stations={stations.data ?? []} value={station?.id ?? null} onChange={choose} />
              {!wave && (
                <ScanField
                  label="Tote, order or wave"
                  placeholder="Scan a tote, an order number or a batch wave, then Enter"
                  emptyMessage="Scan the tote or the order's number"
                  onScan={scan}
                />
              )}
            </Stack>
          </CardContent>
        </Card>
        {wave && <WaveSortPanel wave={wave} onClose={() => setWave(null)} />}
      </Stack>
    </Box>
  );
}
