import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import type { LocationStockRow } from '@wms/contract/location-stock';
import { heldKey } from '../held-stock';
import { lotLabel } from '../move-draft';

const describe = (row: LocationStockRow, withAccount = false) =>
  `${lotLabel(row)} — ${row.quantity.toLocaleString()} here${withAccount ? ` (${row.account.name})` : ''}`;

/**
 * What the source holds of the scanned product, per lot (and account, when two accounts store the same SKU there):
 * one line when there is a single choice, else large radio buttons.
 */
export function HeldRowChoice({
  rows,
  chosen,
  onChoose,
}: {
  rows: LocationStockRow[];
  chosen: LocationStockRow | null;
  onChoose: (row: LocationStockRow) => void;
}) {
  if (rows.length === 1) {
    return (
      <Typography variant="body1" sx={{ mb: 2 }} data-testid="held-here">
        {describe(rows[0]!)}
      </Typography>
    );
  }
  const severalAccounts = new Set(rows.map((r) => r.account.id)).size > 1;
  return (
    <FormControl sx={{ mb: 2 }}>
      <FormLabel id="held-lots-label">Which lot?</FormLabel>
      <RadioGroup
        aria-labelledby="held-lots-label"
        value={chosen ? heldKey(chosen) : ''}
        onChange={(event) => {
          const row = rows.find((r) => heldKey(r) === event.target.value);
          if (row) onChoose(row);
        }}
      >
        {rows.map((row) => (
          <FormControlLabel
            key={heldKey(row)}
            value={heldKey(row)}
            control={<Radio />}
            label={describe(row, severalAccounts)}
            sx={{ minHeight: 48 }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
