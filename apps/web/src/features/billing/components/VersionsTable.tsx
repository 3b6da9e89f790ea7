import { Card, CardContent, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatRate } from '@wms/contract/money';
import { CHARGE_TYPE_LABELS, CHARGE_TYPES, type RateCard, versionOn } from '@wms/contract/rate-cards';
import { todayUtc } from '../rate-form';

/** The card's versions, newest first: which is in force today, which are scheduled, which are past. */
export function VersionsTable({ card, currency }: { card: RateCard; currency: string }) {
  const today = todayUtc();
  const current = versionOn(card.versions, today);
  const versions = [...card.versions].reverse();
  const summary = (rates: RateCard['versions'][number]['rates']) =>
    CHARGE_TYPES.flatMap((type) => {
      const rate = rates[type];
      if (!rate) return [];
      return [`${CHARGE_TYPE_LABELS[type].label}: ${rate.enabled ? formatRate(rate.rate_micros, currency) : 'off'}`];
    }).join(' · ') || 'No rates set';
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Versions
        </Typography>
        {versions.length === 0 ? (
          <Typography color="text.secondary">No rates yet: this card charges nothing until rates are set.</Typography>
        ) : (
          <Table size="small" aria-label="Rate card versions">
            <TableHead>
              <TableRow>
                <TableCell>Effective from</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Rates</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.map((version) => (
                <TableRow key={version.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{version.effective_from}</TableCell>
                  <TableCell>
                    {version === current ? (
                      <Chip size="small" color="success" variant="outlined" label="In force" />
                    ) : version.effective_from > today ? (
                      <Chip size="small" color="primary" variant="outlined" label="Scheduled" />
                    ) : (
                      <Chip size="small" label="Past" />
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{summary(version.rates)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
