import { Alert, Button, Stack, Typography } from '@mui/material';
import { CYCLE_COUNT_LOT_CODE_MAX } from '@wms/contract/cycle-counts';
import { ScanField } from '../../../components/ScanField';
import type { CountedLot, ExpectedLots } from '../count-lots';

interface LotChoiceProps {
  product: string;
  expected: ExpectedLots;
  /** Why the lot is asked after the fact (the server's answer), if it is. */
  problem: string | null;
  onChoose: (lot: CountedLot) => void;
}

/**
 * Which lot is being counted: one large button per lot the count expects here, "No lot" where loose
 * units are expected beside them, or a lot scanned or typed — a lot nobody expected here becomes a new line. Codes
 * only: the count stays blind, no quantity is shown.
 */
export function LotChoice({ product, expected, problem, onChoose }: LotChoiceProps) {
  return (
    <Stack spacing={2}>
      <Typography>
        Product <strong>{product}</strong>: which lot are you counting?
      </Typography>
      {problem && <Alert severity="warning">{problem}</Alert>}
      {expected.codes.length > 0 && (
        <Stack spacing={1} role="group" aria-label="Lots expected here">
          {expected.codes.map((code) => (
            <Button
              key={code}
              variant="outlined"
              size="large"
              onClick={() => onChoose({ code })}
              sx={{ justifyContent: 'flex-start', fontFamily: 'monospace' }}
            >
              Lot {code}
            </Button>
          ))}
          {expected.loose && (
            <Button variant="outlined" size="large" onClick={() => onChoose({ none: true })}>
              No lot
            </Button>
          )}
        </Stack>
      )}
      <ScanField
        label="Scan lot"
        placeholder={expected.codes.length > 0 ? 'Another lot: scan or type its code' : 'Scan or type the lot code'}
        emptyMessage="Scan or type the lot code"
        maxLength={CYCLE_COUNT_LOT_CODE_MAX}
        autoFocus={expected.codes.length === 0}
        onScan={async (code) => {
          const known = expected.codes.find((c) => c.toLowerCase() === code.toLowerCase());
          onChoose({ code: known ?? code });
          return { status: 'success', message: `Lot ${known ?? code}` };
        }}
      />
    </Stack>
  );
}
