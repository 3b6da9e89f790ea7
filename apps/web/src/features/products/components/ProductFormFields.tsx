import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  InputAdornment,
  Radio,
  RadioGroup,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ProductKind } from '@wms/contract/kits';
import { BARCODE_MAX_LENGTH } from '@wms/contract/products';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { WEIGHT_UNIT_LABEL } from '../../../lib/format';
import { textFieldProps } from '../../../lib/forms/text-field-props';
import type { AccountOption } from '../api';
import { KIND_OPTIONS } from '../kit-kinds';
import { isHttpUrl, type ProductFormValues } from '../product-form';
import { AccountSelect } from './AccountSelect';
import { PhotoPreviewDialog } from './PhotoPreviewDialog';

interface ProductFormFieldsProps {
  form: UseFormReturn<ProductFormValues>;
  /** Staff choose the owning account; a client's product belongs to the selected account. */
  showAccount: boolean;
  accountLabel: string;
  fallbackAccount?: Pick<AccountOption, 'id' | 'name'> | null;
}

/** The fields shared by the create and edit pages (spec §2, §5). */
export function ProductFormFields({ form, showAccount, accountLabel, fallbackAccount }: ProductFormFieldsProps) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const photo = form.watch('photo');
  const photoField = textFieldProps(form, 'photo');
  const canPreview = photo.trim() !== '' && isHttpUrl(photo.trim());

  return (
    <>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
        <TextField {...textFieldProps(form, 'sku')} label="SKU" required autoFocus />
        <TextField {...textFieldProps(form, 'name')} label="Product Name" required />
      </Box>
      <Controller
        control={form.control}
        name="kind"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormLabel id="product-kind-label">Kind</FormLabel>
            <RadioGroup
              aria-labelledby="product-kind-label"
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value as ProductKind)}
            >
              {KIND_OPTIONS.map((option) => (
                <FormControlLabel
                  key={option.kind}
                  value={option.kind}
                  control={<Radio size="small" />}
                  sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
                  label={
                    <Box>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {option.label}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {option.explanation}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <TextField
        {...photoField}
        // Spec §5: the URL is checked when the field is left, not only on submit.
        onBlur={async (event) => {
          await photoField.onBlur(event);
          await form.trigger('photo');
        }}
        label="Photo URL"
        type="url"
        placeholder="https://…"
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title="Preview photo">
                  <span>
                    <IconButton
                      aria-label="Preview photo"
                      edge="end"
                      disabled={!canPreview}
                      onClick={() => setPreviewUrl(photo.trim())}
                    >
                      <VisibilityOutlinedIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField {...textFieldProps(form, 'link')} label="Product Link" type="url" placeholder="https://…" />
      <TextField
        {...textFieldProps(form, 'barcode')}
        label="Barcode"
        helperText={form.formState.errors.barcode?.message ?? 'UPC, EAN, GTIN or any code printed on the product'}
        slotProps={{ htmlInput: { maxLength: BARCODE_MAX_LENGTH, autoComplete: 'off', spellCheck: false } }}
      />
      {/* Receiving asks for a lot (and its expiry) per put-away row of such a product. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <Controller
          control={form.control}
          name="track_lots"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label="Track lots"
            />
          )}
        />
        <Controller
          control={form.control}
          name="track_expiry"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label="Track expiry dates"
            />
          )}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...textFieldProps(form, 'dimension')}
          label="Dimension"
          helperText={form.formState.errors.dimension?.message ?? 'e.g., 10x5x3 cm'}
        />
        <TextField
          {...textFieldProps(form, 'weight')}
          label={`Weight (${WEIGHT_UNIT_LABEL})`}
          type="number"
          slotProps={{
            htmlInput: { step: 0.01, min: 0, inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">{WEIGHT_UNIT_LABEL}</InputAdornment> },
          }}
        />
      </Box>
      {showAccount && (
        <Controller
          control={form.control}
          name="account_id"
          render={({ field, fieldState }) => (
            <AccountSelect
              id="account_id"
              label={accountLabel}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              fallback={fallbackAccount}
            />
          )}
        />
      )}
      <PhotoPreviewDialog url={previewUrl} onClose={() => setPreviewUrl(null)} />
    </>
  );
}
