import { Box, MenuItem, TextField } from '@mui/material';
import type { StockPlace } from '@wms/contract/location-stock';
import { LOCATION_TYPE_LABELS } from '@wms/contract/locations';
import { LocationPicker } from '../../../components/LocationPicker';
import { needsLot, placeKey, type StockDirection, type StockPlaceErrors, type StockPlaceValues } from '../stock-place';

interface StockPlaceFieldsProps {
  idPrefix: string;
  direction: StockDirection;
  warehouseId: number;
  product: { track_lots: boolean; track_expiry: boolean };
  /** Where the row's units lie (for a taking); absent for a new row. */
  places?: readonly StockPlace[];
  /** Locations are staff knowledge (`view locations`): without it units go to UNASSIGNED and leave in take order. */
  canSeeLocations: boolean;
  value: StockPlaceValues;
  onChange: (patch: Partial<StockPlaceValues>) => void;
  errors: StockPlaceErrors;
}

const describePlace = (place: StockPlace) =>
  [
    place.location.code,
    place.lot ? `Lot ${place.lot.code}` : null,
    `${place.quantity.toLocaleString()} units`,
    place.location.type === 'quarantine' ? LOCATION_TYPE_LABELS.quarantine : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Where units added by hand go (a location, a lot with its expiry when the product tracks them) or where units taken
 * come from (a location and lot holding the row's stock, or the take order). Stock never enters without
 * a place, nor a lot-tracked product without its lot.
 */
export function StockPlaceFields(props: StockPlaceFieldsProps) {
  const { idPrefix, direction, warehouseId, product, places, canSeeLocations, value, onChange, errors } = props;
  if (direction === 'in') {
    const lotNeeded = needsLot(product);
    return (
      <>
        {canSeeLocations && (
          <LocationPicker
            id={`${idPrefix}-location`}
            label="Put into location"
            warehouseId={warehouseId}
            value={value.location}
            onChange={(location) => onChange({ location })}
            error={errors.location}
            required={false}
            size="medium"
            helperText="Leave empty to put the units in UNASSIGNED"
          />
        )}
        {lotNeeded && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              id={`${idPrefix}-lot-code`}
              label="Lot code"
              required
              value={value.lotCode}
              onChange={(event) => onChange({ lotCode: event.target.value })}
              error={Boolean(errors.lotCode)}
              helperText={errors.lotCode ?? 'This product tracks lots'}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
            <TextField
              id={`${idPrefix}-expiry-date`}
              label="Expiry date"
              type="date"
              required={product.track_expiry}
              value={value.expiryDate}
              onChange={(event) => onChange({ expiryDate: event.target.value })}
              error={Boolean(errors.expiryDate)}
              helperText={errors.expiryDate ?? (product.track_expiry ? 'This product tracks expiry' : 'Optional')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        )}
      </>
    );
  }
  if (direction === 'out' && canSeeLocations) {
    return (
      <TextField
        select
        id={`${idPrefix}-take-from`}
        label="Take from"
        value={places?.some((p) => placeKey(p) === value.takeFrom) ? value.takeFrom : ''}
        onChange={(event) => onChange({ takeFrom: event.target.value })}
        error={Boolean(errors.takeFrom)}
        helperText={errors.takeFrom ?? 'A location (and lot) holding this stock, or the take order'}
      >
        <MenuItem value="">Take order (pick bins first)</MenuItem>
        {(places ?? []).map((place) => (
          <MenuItem key={placeKey(place)} value={placeKey(place)}>
            {describePlace(place)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return null;
}
