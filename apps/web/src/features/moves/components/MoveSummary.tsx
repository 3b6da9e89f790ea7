import { Box, Typography } from '@mui/material';
import { lotLabel, type MoveDraft } from '../move-draft';

/** What has been scanned so far, so the mover always sees the whole move before confirming it. */
export function MoveSummary({ draft }: { draft: MoveDraft }) {
  const lines: [string, string][] = [];
  if (draft.source) lines.push(['From', draft.source.code]);
  if (draft.chosen) {
    lines.push(['Product', `${draft.chosen.product.sku} · ${draft.chosen.product.name}`]);
    lines.push(['Lot', lotLabel(draft.chosen)]);
  }
  if (draft.quantity > 0) lines.push(['Quantity', draft.quantity.toLocaleString()]);
  if (draft.target) lines.push(['To', draft.target.code]);
  return (
    <Box
      component="dl"
      aria-label="Move so far"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}
    >
      {lines.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
