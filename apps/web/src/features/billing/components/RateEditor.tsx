import { Alert, Box, Button, Card, CardContent, Stack, Switch, TextField, Typography } from '@mui/material';
import {
  CHARGE_TYPE_GROUPS,
  CHARGE_TYPE_LABELS,
  CHARGE_TYPES,
  type ChargeType,
  type RateCard,
} from '@wms/contract/rate-cards';
import { useState } from 'react';
import { isValidationError } from '../../../lib/forms/server-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSaveRateCardVersion } from '../api';
import { type RateRows, ratesOfRows, startingRows, todayUtc } from '../rate-form';

const GROUP_TITLES: Record<(typeof CHARGE_TYPE_GROUPS)[number], string> = {
  receiving: 'Receiving',
  storage: 'Storage',
  fulfilment: 'Fulfilment',
  other: 'Labels, merges and minimum',
};

interface RateEditorProps {
  card: RateCard;
  currency: string;
}

/**
 * The rates of a new version of one card from an effective date: the server's `earliest_effective_from` or later
 * (after the card's finalized invoices; any date without one, today by default). A blank rate is not set on this
 * card: on an account card the default card's rate applies, on the default card there is no such charge.
 */
export function RateEditor({ card, currency }: RateEditorProps) {
  const [effectiveFrom, setEffectiveFrom] = useState(card.earliest_effective_from ?? todayUtc());
  const [rows, setRows] = useState<RateRows>(() => startingRows(card, todayUtc()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRateCardVersion({
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => {
      if (!isValidationError(error)) return;
      // 'rates.label_upload.rate_micros' → the label_upload row; effective_from → the date.
      setErrors(
        Object.fromEntries(
          Object.entries(error.fieldErrors).map(([field, messages]) => [
            field.split('.')[field.startsWith('rates.') ? 1 : 0] ?? field,
            messages.join(', '),
          ]),
        ),
      );
    },
  });
  /** Rows the form itself refuses are not sent. */
  const submit = () => {
    const { rates, errors: rowErrors } = ratesOfRows(rows);
    setErrors(rowErrors);
    if (Object.keys(rowErrors).length > 0) return;
    save.mutate({ id: card.id, input: { effective_from: effectiveFrom, rates } });
  };
  const setRow = (type: ChargeType, change: Partial<RateRows[ChargeType]>) =>
    setRows((current) => ({ ...current, [type]: { ...current[type], ...change } }));
  const cardName = card.account_name ?? 'Default';

  return (
    <Card
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          New rates for {cardName}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Rates in {currency}, up to 4 decimals. They apply from the effective date on, days already worked included
          {card.earliest_effective_from === null
            ? ' (no finalized invoice yet: any date)'
            : `, at the earliest ${card.earliest_effective_from} (after the last finalized invoice): billed charges never change`}
          .{' '}
          {card.account_id === null
            ? 'A blank rate means no such charge.'
            : 'A blank rate means the default card’s rate applies.'}
        </Typography>
        <TextField
          label="Effective from"
          type="date"
          value={effectiveFrom}
          onChange={(event) => setEffectiveFrom(event.target.value)}
          error={Boolean(errors.effective_from)}
          helperText={errors.effective_from}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: card.earliest_effective_from ?? undefined } }}
          sx={{ mb: 3, width: { xs: '100%', sm: 240 } }}
        />
        {CHARGE_TYPE_GROUPS.map((group) => (
          <Box key={group} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {GROUP_TITLES[group]}
            </Typography>
            {CHARGE_TYPES.filter((type) => CHARGE_TYPE_LABELS[type].group === group).map((type) => (
              <Stack
                key={type}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0.5, sm: 2 }}
                sx={{ alignItems: { sm: 'center' }, py: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <Typography sx={{ flex: 1 }} id={`rate-label-${type}`}>
                  {CHARGE_TYPE_LABELS[type].label}
                </Typography>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <TextField
                    size="small"
                    label="Rate"
                    value={rows[type].text}
                    onChange={(event) => setRow(type, { text: event.target.value })}
                    error={Boolean(errors[type])}
                    helperText={errors[type]}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'decimal',
                        'aria-label': `${CHARGE_TYPE_LABELS[type].label} rate`,
                      },
                    }}
                    sx={{ width: 160 }}
                  />
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    <Switch
                      checked={rows[type].enabled}
                      onChange={(event) => setRow(type, { enabled: event.target.checked })}
                      slotProps={{ input: { 'aria-label': `${CHARGE_TYPE_LABELS[type].label} charged` } }}
                    />
                    <Typography variant="body2">{rows[type].enabled ? 'On' : 'Off'}</Typography>
                  </Stack>
                </Stack>
              </Stack>
            ))}
          </Box>
        ))}
        {Object.keys(errors).length > 0 && !save.isPending && (
          <Alert severity="error" sx={{ mb: 2 }}>
            Some rates need attention.
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save rates
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
