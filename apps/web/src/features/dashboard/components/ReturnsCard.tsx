import { Stack, Typography } from '@mui/material';
import type { Dashboard } from '@wms/contract/dashboard';
import { returnRateLabel, topReturnRates } from '../return-rates';
import { SectionCard } from './SectionCard';

/**
 * Returns at a glance: returns still open (announced, in transit, or with units in quarantine), units that came back
 * in the timeframe, and the return rate per account (units returned ÷ units shipped in the timeframe).
 */
export function ReturnsCard({ returns, days }: { returns: Dashboard['returns']; days: string | number }) {
  const rates = topReturnRates(returns.return_rate);
  return (
    <SectionCard title="Returns" action={{ label: 'View all', to: '/returns' }}>
      {/* Figures with their words, not headings: a description list. */}
      <Stack component="dl" direction="row" spacing={4} sx={{ mt: 0, mb: 2 }}>
        <Stack sx={{ flexDirection: 'column-reverse' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            open
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {returns.open_returns.toLocaleString()}
          </Typography>
        </Stack>
        <Stack sx={{ flexDirection: 'column-reverse' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            units returned in the last {days} days
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {returns.units_returned.toLocaleString()}
          </Typography>
        </Stack>
      </Stack>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Return rate by account
      </Typography>
      {rates.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No units came back in this period.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, pl: 0, listStyle: 'none' }} aria-label="Return rate by account">
          {rates.map((rate) => (
            <Stack component="li" key={rate.account.id} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} noWrap>
                {rate.account.name}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {returnRateLabel(rate.rate)} ({rate.returned_units} of {rate.shipped_units})
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
