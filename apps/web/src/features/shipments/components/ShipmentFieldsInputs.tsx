import { Autocomplete, Box, TextField } from '@mui/material';
import { CARRIER_PRESETS } from '@wms/contract/shipments';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import type { ShipmentFieldValues } from '../shipment-form';

/**
 * Quantity, carrier (a preset or any custom text), tracking number, delivery date and notes: the fields create and
 * edit share. The form's values type must include ShipmentFieldValues.
 */
export function ShipmentFieldsInputs<T extends ShipmentFieldValues>({ form }: { form: UseFormReturn<T> }) {
  const shared = form as unknown as UseFormReturn<ShipmentFieldValues>;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...textFieldProps(shared, 'quantity')}
          label="Quantity"
          type="number"
          required
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <Controller
          control={shared.control}
          name="carrier"
          render={({ field, fieldState }) => (
            <Autocomplete
              freeSolo
              id="carrier"
              options={[...CARRIER_PRESETS]}
              value={field.value}
              inputValue={field.value}
              onInputChange={(_event, text) => field.onChange(text)}
              onChange={(_event, value) => field.onChange(value ?? '')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Carrier"
                  placeholder="Choose or type a carrier"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'UPS, FedEx, USPS, DHL, Amazon Logistics, or your own'}
                />
              )}
            />
          )}
        />
        <TextField {...textFieldProps(shared, 'tracking_number')} label="Tracking Number" />
        <TextField
          {...textFieldProps(shared, 'delivery_date')}
          label="Expected Delivery Date"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <TextField {...textFieldProps(shared, 'notes')} label="Notes" multiline minRows={3} />
    </>
  );
}
