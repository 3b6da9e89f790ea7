import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Autocomplete, Box, IconButton, TextField, Tooltip } from '@mui/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '@wms/contract/locations';
import { lazy, Suspense, useState } from 'react';
import { NetworkError } from '../lib/api/api-error';
import { api } from '../lib/api/client';
import { useOnline } from '../lib/offline/use-online';
import {
  type HeldLocations,
  heldLocationChoices,
  judgeActiveLocation,
  noActiveLocationMessage,
} from '../lib/offline/warehouse-locations-snapshot';
import { locationOptionsKey } from '../lib/query-keys/shared-keys';

// The camera and its barcode reader load only when someone taps the camera button (as in ScanField).
const ScanCameraDialog = lazy(() => import('./ScanCameraDialog'));

export interface LocationChoice {
  id: number;
  code: string;
}

/** Active locations of a warehouse whose code contains `search` (first 20, walk order). */
export const locationOptionsQueryOptions = (warehouseId: number, search: string) =>
  queryOptions({
    queryKey: locationOptionsKey(warehouseId, search),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Location[] }>(`/warehouses/${warehouseId}/locations`, {
          bypass_default: true,
          notifyOnError: false,
          signal,
          query: { search: search.trim() || undefined, is_active: 'true', per_page: 20 },
        })
        .then((answer) => answer.data),
    staleTime: 30_000,
  });

/** The active location of the warehouse with exactly this code (any case), or null: what a scanned label names. */
async function findActiveLocationByCode(warehouseId: number, code: string): Promise<Location | null> {
  const answer = await api.get<{ data: Location[] }>(`/warehouses/${warehouseId}/locations`, {
    bypass_default: true,
    notifyOnError: false,
    query: { code, is_active: 'true', per_page: 1 },
  });
  return answer.data[0] ?? null;
}

const cameraAvailable = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

interface LocationPickerProps {
  id: string;
  label: string;
  warehouseId: number;
  value: LocationChoice | null;
  onChange: (location: LocationChoice | null) => void;
  error?: string;
  /** Putaway rows must name one; a manual stock change may leave it empty (UNASSIGNED). */
  required?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  /**
   * The warehouse's locations kept on the handheld (a floor screen that works offline: putaway). With no network
   * the choices and a scanned code are taken from it, with the online messages.
   */
  held?: Pick<HeldLocations, 'locations'>;
}

/**
 * An active location of the warehouse: putaway rows, the inventory forms and the adjust dialog. Searched
 * by code as one types, or scanned: a keyboard-wedge scanner types the label's code and Enter, and Enter takes the
 * location with exactly that code (looked up, not the highlighted suggestion, which may still belong to an earlier
 * search); on a phone the camera button reads the label.
 */
export function LocationPicker({
  id,
  label,
  warehouseId,
  value,
  onChange,
  error,
  required = true,
  helperText,
  size = 'small',
  held,
}: LocationPickerProps) {
  const [search, setSearch] = useState('');
  const [inputText, setInputText] = useState(value?.code ?? '');
  const [scanError, setScanError] = useState<string | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const fromHeld = !useOnline() && held !== undefined;
  const options = useQuery({
    ...locationOptionsQueryOptions(warehouseId, search),
    enabled: warehouseId > 0 && !fromHeld,
  });
  const found = fromHeld ? heldLocationChoices(held, search) : (options.data ?? []);
  const choices: LocationChoice[] = found.map((l) => ({ id: l.id, code: l.code }));

  /** Online the server's lookup; with no network (or no answer) the held copy, judged as the server would. */
  const lookUp = async (code: string): Promise<LocationChoice | string> => {
    if (held && !navigator.onLine) return judgeActiveLocation(held, code);
    try {
      return (await findActiveLocationByCode(warehouseId, code)) ?? noActiveLocationMessage(code);
    } catch (error) {
      if (held && error instanceof NetworkError) return judgeActiveLocation(held, code);
      return noActiveLocationMessage(code);
    }
  };

  const takeScanned = async (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    const location = await lookUp(code);
    if (typeof location !== 'string') {
      setScanError(null);
      setInputText(location.code);
      onChange({ id: location.id, code: location.code });
    } else {
      setScanError(location);
    }
  };

  const shownError = scanError ?? error;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, flex: 1, minWidth: 0 }}>
      <Autocomplete
        id={id}
        sx={{ flex: 1, minWidth: 0 }}
        options={value && !choices.some((c) => c.id === value.id) ? [value, ...choices] : choices}
        value={value}
        inputValue={inputText}
        onChange={(_event, location) => {
          setScanError(null);
          onChange(location);
        }}
        onInputChange={(_event, text, reason) => {
          setInputText(text);
          if (reason === 'input') setSearch(text);
        }}
        onKeyDown={(event) => {
          const typed = inputText.trim();
          if (event.key !== 'Enter' || !typed || typed === value?.code || warehouseId <= 0) return;
          // Ours, not the Autocomplete's: it would take the highlighted option of a possibly stale search.
          (event as typeof event & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
          event.preventDefault();
          void takeScanned(typed);
        }}
        filterOptions={(list) => list}
        loading={!fromHeld && options.isFetching}
        getOptionLabel={(location) => location.code}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText="No active location found"
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            required={required}
            error={Boolean(shownError)}
            helperText={shownError ?? helperText}
            size={size}
          />
        )}
      />
      {cameraAvailable() && warehouseId > 0 && (
        <Tooltip title="Scan the location with the camera">
          <IconButton aria-label={`Scan ${label.toLowerCase()} with the camera`} onClick={() => setCameraOpen(true)}>
            <PhotoCameraOutlinedIcon />
          </IconButton>
        </Tooltip>
      )}
      {cameraOpen && (
        <Suspense fallback={null}>
          <ScanCameraDialog
            title={label}
            onClose={() => setCameraOpen(false)}
            onDetected={(detected) => {
              setCameraOpen(false);
              void takeScanned(detected);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
